//! Star Trek Panic: the 3D tabletop (`game`, behind the default `gui` feature) and the
//! headless commands (`simulate`, `balance`, `replay`) on top of the rules crate, `stp_rules`.
//! A library so that the test suite can run the presentation's systems without a window.

pub mod balance;
pub mod cli;
pub mod data_dir;
pub mod describe;
#[cfg(feature = "gui")]
pub mod game;
pub mod hint;
pub mod net;
pub mod replay;
pub mod simulate;
pub mod tutorial;
pub mod why;

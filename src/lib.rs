//! Star Trek Panic: the 3D tabletop (`game`, behind the default `gui` feature) and the
//! headless commands on top of the rules crate, `stp_rules`. A library so that the test
//! suite can run the presentation's systems without a window.
//!
//! The layers, each importing only those below it (`docs/architecture.md`):
//! `commands` → `game` and `net` → `words` → `stp_rules`.

pub mod commands;
pub mod data_dir;
#[cfg(feature = "gui")]
pub mod game;
pub mod net;
pub mod words;

//! The test suite: one binary (each file directly under `tests/` would link the crate again).

mod advisor;
mod cli;
mod common;
mod content_text;
mod engine;
#[cfg(feature = "gui")]
mod game;
#[cfg(feature = "gui")]
mod layout;
mod legal_actions;
mod network;
mod network_checks;
mod network_guard;
mod network_helpers;
mod network_hostile;
mod network_lab;
mod network_machines;
mod network_relay;
mod network_trades;
mod network_watch;
mod preview;
mod rules;
mod save_check;
#[cfg(feature = "gui")]
mod screen_reader;
mod screenshot;
mod structure;
mod trust;
mod tutorial;

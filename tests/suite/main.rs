//! The test suite: one binary (each file directly under `tests/` would link the crate again).

mod common;
mod engine;
mod rules;
#[cfg(feature = "gui")]
mod screenshot;
mod trust;

//! The test suite: one binary (each file directly under `tests/` would link the crate again).

mod common;
mod content_text;
mod engine;
mod legal_actions;
mod rules;
#[cfg(feature = "gui")]
mod screenshot;
mod trust;

//! What the command line asked for (`cli::PlayArgs`, parsed and checked before any window
//! opens), kept as a resource, with where the game keeps its files.

pub use crate::cli::PlayArgs as Launch;

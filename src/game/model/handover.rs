//! Whose turn the conn is handed to: the handover screen shows until they confirm.

use bevy::prelude::*;

/// Set when the next turn belongs to another person: the handover screen shows until
/// they confirm.
#[derive(Resource, Debug, Default)]
pub struct Handover(pub Option<u8>);

//! The messages between host and clients: JSON on renet's reliable ordered channel. Anything
//! that does not parse, is too big, or names a seat the sender does not hold is refused.

use serde::{Deserialize, Serialize};
use stp_rules::{GameOptions, PlayerAction};

/// The largest message either side accepts (a welcome with a long game's actions fits).
pub const MAX_MESSAGE_BYTES: usize = 256 * 1024;

/// A client to the host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ToHost {
    /// Take this seat (0-based).
    Hello { seat: u8 },
    /// An action for the sender's seat, as the `at`th of the game (so a replayed or stale
    /// message is refused).
    Act { at: u32, action: PlayerAction },
    /// A chat line for every seat (1–200 characters).
    Say { text: String },
}

/// The longest chat line.
pub const MAX_CHAT_CHARS: usize = 200;

/// The host to a client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ToClient {
    /// The seat is yours; here is the game so far (replay the actions on the options).
    Welcome {
        seat: u8,
        options: GameOptions,
        actions: Vec<PlayerAction>,
    },
    /// An accepted action, in the host's order: apply it.
    Accepted(PlayerAction),
    /// Your message was refused, and why.
    Refused { reason: String },
    /// A chat line, and the seat it is from.
    Said { seat: u8, text: String },
    /// A seat's link dropped: play waits for it.
    Waiting { seat: u8 },
    /// A seat that dropped is back.
    Back { seat: u8 },
    /// The game is over.
    Over {
        outcome: String,
        turns: u32,
        final_hash: String,
    },
}

/// A message as bytes.
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    serde_json::to_vec(message).unwrap_or_default()
}

/// Bytes as a message, or why not.
pub fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, String> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(format!("a message of {} bytes is too big", bytes.len()));
    }
    serde_json::from_slice(bytes).map_err(|e| format!("a malformed message ({e})"))
}

//! The messages between host and clients: JSON, one message per frame on the link's QUIC stream. Anything
//! that does not parse, is too big, or names a seat the sender does not hold is refused.

use serde::{Deserialize, Serialize};
use stp_rules::{CardId, Draws, GameOptions, GameState, PlayerAction, TokenId};

/// The largest message either side accepts (a welcome with a long game's actions fits).
pub(crate) const MAX_MESSAGE_BYTES: usize = 256 * 1024;

/// A client to the host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ToHost {
    /// Take this seat (0-based), or any free one: the host assigns it. `ticket` is the seat
    /// ticket from an earlier welcome: only it takes back a seat that had a holder.
    Hello {
        seat: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ticket: Option<String>,
    },
    /// An action for the sender's seat, as the `at`th of the game (so a replayed or stale
    /// message is refused).
    Act { at: u32, action: PlayerAction },
    /// A chat line for every seat (1–200 characters).
    Say { text: String },
    /// Point the crew at a threat or a card for a few seconds.
    Ping { target: PingTarget },
    /// This table is out of step with the host's: send the whole game again.
    Sync,
    /// Watch the game without a seat: the public view and the talk, no play.
    Watch,
    /// The answer to the trade offered to the sender's seat (`ToClient::Offer`).
    Answer { accept: bool },
}

/// What a ping points at: a threat on the board, or a card in someone's hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PingTarget {
    Threat(TokenId),
    Card(CardId),
}

impl PingTarget {
    /// Whether the target is on the table now (a ping at anything else is refused).
    pub(crate) fn is_on(self, state: &GameState) -> bool {
        match self {
            PingTarget::Threat(token) => state.threats().iter().any(|t| t.token == token),
            PingTarget::Card(card) => state.players().iter().any(|p| p.hand.contains(&card)),
        }
    }
}

/// The host's whole game state, sent on a welcome or a resync. Two are equal when their
/// state hashes are. A client never trusts it either: one that breaks the game's
/// invariants (as a save that does is refused) does not parse, so it never reaches the
/// table.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "Box<GameState>")]
pub struct HostState(pub Box<GameState>);

impl TryFrom<Box<GameState>> for HostState {
    type Error = String;

    fn try_from(state: Box<GameState>) -> Result<HostState, String> {
        stp_rules::files::check_table(&state)
            .map_err(|problem| format!("the host's game is not a legal table: {problem}"))?;
        Ok(HostState(state))
    }
}

impl PartialEq for HostState {
    fn eq(&self, other: &Self) -> bool {
        self.0.state_hash() == other.0.state_hash()
    }
}

/// The longest chat line.
pub(crate) const MAX_CHAT_CHARS: usize = 200;

/// How a refusal of a trade ends when the trade is off (its other player left or did not
/// answer in time): a bot that reads it does not offer that trade again this turn.
pub const TRADE_OFF: &str = "the trade is off";

/// The host to a client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ToClient {
    /// The seat is yours (`None`: you watch, with no seat); here is the game so far: its
    /// setup (with the seed hidden until the game is over) and actions, and the public view
    /// of the host's state (the hidden orders sorted, no generator), which the table takes as
    /// it is. Sent again on `Sync`.
    Welcome {
        seat: Option<u8>,
        options: GameOptions,
        actions: Vec<PlayerAction>,
        state: HostState,
        /// Other seats whose person is not at the table yet (or whose link dropped).
        away: Vec<u8>,
        /// This seat's ticket: keep it to take the seat back after a drop (empty on a resync).
        #[serde(default)]
        ticket: String,
    },
    /// An accepted action, in the host's order, with what it and the automatic phases after
    /// it drew from the hidden order: apply it with those draws.
    Accepted {
        action: PlayerAction,
        #[serde(default, skip_serializing_if = "Draws::is_empty")]
        draws: Draws,
    },
    /// A turn has started: after `at` actions the public view of the host's state has this
    /// hash (`hash_text` of `public_hash`).
    /// A table with another is out of step and asks for `Sync`.
    Check { at: u32, hash: String },
    /// A seat points at a threat or a card.
    Pinged { seat: u8, target: PingTarget },
    /// Your message was refused, and why.
    Refused { reason: String },
    /// A chat line, and the seat it is from.
    Said { seat: u8, text: String },
    /// A chat line from a watcher (numbered from 1 as they came).
    WatcherSaid { watcher: u8, text: String },
    /// A seat's link dropped: play waits for it, and after `bot_in` seconds (0: never) a bot
    /// plays it until its person is back.
    Waiting {
        seat: u8,
        #[serde(default)]
        bot_in: u32,
    },
    /// Another player offers your seat this trade (`action.player` gives, you take): answer
    /// with `ToHost::Answer`. Play waits for the answer, `within` seconds at most (0: no
    /// limit; a host that does not say has none).
    Offer {
        action: PlayerAction,
        #[serde(default)]
        within: u32,
    },
    /// The trade offered to you is off (its player left, it waited past the host's `within`,
    /// or the game moved on).
    OfferClosed,
    /// Your trade's other player (this seat) declined it; nothing was carried out.
    Declined { seat: u8 },
    /// A bot plays this seat until its person is back (play goes on).
    BotPlays { seat: u8 },
    /// A seat's person is at the table (first, or again after a drop).
    Back { seat: u8 },
    /// The game is over: its whole state's hash (what `serve` prints), its public view's
    /// (what a table checks its own against), and the seed, which may be known now (a table
    /// needs it to watch the game again).
    Over {
        outcome: String,
        turns: u32,
        final_hash: String,
        #[serde(default)]
        public_hash: String,
        #[serde(default)]
        seed: u64,
    },
}

/// Whether a peer's character shows as itself: the rules' test, the same for names.
pub(crate) use stp_rules::setup::shows_plainly;

/// A peer's text as it may be shown or logged: only characters that show plainly, trimmed,
/// and cut to `max` characters (with "…").
pub fn sanitise(text: &str, max: usize) -> String {
    let plain: String = text.chars().filter(|c| shows_plainly(*c)).collect();
    let plain = plain.trim();
    if plain.chars().count() <= max {
        return plain.to_string();
    }
    let mut cut: String = plain.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// The most characters of a host's refusal reason a client shows.
pub(crate) const MAX_REASON_CHARS: usize = 300;

/// A seat's number as people count (seat 0 is "seat 1"), for any seat a peer names: widened,
/// so that seat 255 from a hostile peer is "seat 256", not an overflow.
pub(crate) fn seat_number(seat: u8) -> u16 {
    u16::from(seat) + 1
}

/// A message as bytes.
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    serde_json::to_vec(message).unwrap_or_default()
}

/// Bytes as a message, or why not, in serde's words (a table reading its host's message
/// keeps them: they name what was wrong).
pub fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, String> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(format!("a message of {} bytes is too big", bytes.len()));
    }
    serde_json::from_slice(bytes).map_err(|e| format!("a malformed message ({e})"))
}

/// As `decode`, for a refusal that goes back to the peer: serde's words would quote its
/// input back ("unknown variant `…`"), so the reason says only where and what kind of fault.
pub fn decode_from_peer<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, String> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(format!("a message of {} bytes is too big", bytes.len()));
    }
    serde_json::from_slice(bytes).map_err(|e| {
        let kind = match e.classify() {
            serde_json::error::Category::Io => "input",
            serde_json::error::Category::Syntax => "syntax",
            serde_json::error::Category::Data => "content",
            serde_json::error::Category::Eof => "end-of-message",
        };
        format!(
            "a malformed message ({kind} fault at line {} column {})",
            e.line(),
            e.column()
        )
    })
}

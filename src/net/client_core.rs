//! The client's decisions, one core for `join` and the game window alike: asking for a seat
//! (or to watch) until the host answers, what each message from the host means for this
//! table, when the table takes the host's state again (a resync), and the words for the
//! crew. It returns `Step`s; the drivers carry them out (`join` on its copy of the rules at
//! once, the window through its rules' systems, one host action a frame) and show the words
//! (on standard error, or in the crew's talk).

use std::time::Instant;

use stp_rules::{Draws, GameOptions, GameState, PlayerAction};

use super::host_core::seat_name;
use super::protocol::{
    MAX_CHAT_CHARS, MAX_REASON_CHARS, PingTarget, TRADE_OFF, ToClient, ToHost, sanitise,
};

/// How long a client keeps asking for its seat (a rejoin waits while the host still holds
/// the seat for the dropped link).
pub(crate) const SEAT_SECONDS: u64 = 30;

/// How often a table waiting for the host's state asks for it again.
const SYNC_AGAIN: std::time::Duration = std::time::Duration::from_secs(2);

/// How often a client asks again while the host has not seated it.
const ASK_AGAIN: std::time::Duration = std::time::Duration::from_millis(500);

/// What a message from the host means for this table.
#[derive(Debug, Clone)]
pub enum Step {
    /// Send this to the host.
    Send(ToHost),
    /// The host's game, to take as it is: the first time (`first`), or again.
    Welcome {
        first: bool,
        seat: Option<u8>,
        options: GameOptions,
        actions: Vec<PlayerAction>,
        state: Box<GameState>,
        away: Vec<u8>,
    },
    /// The table is out of step and asked for the host's state: drop what waits.
    Resync,
    /// The host carried this action out, drawing this: carry it out here.
    Apply { action: PlayerAction, draws: Draws },
    /// The host's public hash after `at` actions, to compare once this table gets there.
    Check { at: u32, hash: String },
    /// The host refused this table's last action: nothing was carried out. `trade_off`: it
    /// was a trade whose other player left or did not answer in time (not worth offering
    /// again this turn).
    Refused { trade_off: bool },
    /// The seat offered a trade declined it: nothing was carried out.
    Declined(u8),
    /// A trade is offered to this seat: accept or decline, within so many seconds (0: no
    /// limit).
    Offer(PlayerAction, u32),
    /// The trade offered to this seat is off.
    OfferClosed,
    /// The seat's person is away (play waits).
    Away(u8),
    /// The seat is played again (its person, or a bot standing in).
    Present(u8),
    /// A chat line, by name.
    Said { who: String, text: String },
    /// A seat points the crew at something on the table.
    Pinged { seat: u8, target: PingTarget },
    /// A line for the crew's talk (or standard error).
    Notice(String),
    /// The game ended at the host.
    Over {
        outcome: String,
        turns: u32,
        final_hash: String,
        public_hash: String,
        seed: u64,
    },
}

#[derive(Debug, Clone)]
pub struct ClientCore {
    /// Where the host is, for the words.
    host: String,
    /// The seat asked for (0-based), or any free one; once seated, the seat held (so a
    /// rejoin asks for it again).
    pub seat: Option<u8>,
    /// Watching without a seat: the public view and the talk, no play.
    pub watching: bool,
    /// The seat's ticket from the host's welcome, shown to take the seat back after a drop.
    pub ticket: Option<String>,
    /// The host's game arrived.
    pub welcomed: bool,
    /// The table asked for the host's state and waits for it.
    pub syncing: bool,
    /// Why the host last refused this table a seat (it asks again until it has one).
    pub refused: Option<String>,
    asked: Option<Instant>,
    /// When this table last asked for the host's state: while it waits, a stream of messages
    /// that make no sense asks again at most every `SYNC_AGAIN`, not once each (each answer
    /// is a whole welcome: the second security review's F17).
    synced: Option<Instant>,
    started: Instant,
    /// The players' names, from the welcome.
    names: Vec<String>,
    /// The last welcome's game (its actions and public hash): the same again, answering a
    /// repeated Hello, changes nothing.
    last_welcome: Option<(usize, u64)>,
}

impl ClientCore {
    /// A table asking the host at `host` for `seat` (any free one: `None`), or to watch.
    pub fn new(host: impl ToString, seat: Option<u8>, watching: bool) -> ClientCore {
        ClientCore {
            host: host.to_string(),
            seat,
            watching,
            ticket: None,
            welcomed: false,
            syncing: false,
            refused: None,
            asked: None,
            synced: None,
            started: Instant::now(),
            names: Vec::new(),
            last_welcome: None,
        }
    }

    /// The same seat again on a new link (after this one was lost): its ticket comes along.
    pub fn again(&self) -> ClientCore {
        ClientCore {
            ticket: self.ticket.clone(),
            ..ClientCore::new(&self.host, self.seat, self.watching)
        }
    }

    /// The name the crew knows a seat by.
    pub fn name(&self, seat: u8) -> String {
        self.names
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_else(|| seat_name(None, seat))
    }

    /// What to ask the host now: a Hello (or Watch) once linked, and again every half
    /// second until the welcome (a rejoin waits for the host to notice the old link is
    /// gone). `Err` once it has asked for too long, with why.
    pub fn ask(&mut self, connected: bool) -> Result<Option<ToHost>, String> {
        let due = self.asked.is_none_or(|at| at.elapsed() >= ASK_AGAIN);
        if !connected || self.welcomed || !due {
            return Ok(None);
        }
        if self.started.elapsed().as_secs() > SEAT_SECONDS {
            return Err(match &self.refused {
                Some(why) => format!("no seat at the host ({why})"),
                None => "no seat at the host".to_string(),
            });
        }
        self.asked = Some(Instant::now());
        Ok(Some(if self.watching {
            ToHost::Watch
        } else {
            ToHost::Hello {
                seat: self.seat,
                ticket: self.ticket.clone(),
            }
        }))
    }

    /// The table is out of step with the host (`why`): it asks for the host's state, and
    /// drops what waits until it comes.
    pub fn resync(&mut self, why: &str) -> Vec<Step> {
        let mut steps = Vec::new();
        if !self.syncing {
            steps.push(Step::Notice(format!(
                "{why}: taking the host's table again."
            )));
        }
        let due = !self.syncing || self.synced.is_none_or(|at| at.elapsed() >= SYNC_AGAIN);
        self.syncing = true;
        if due {
            self.synced = Some(Instant::now());
            steps.push(Step::Send(ToHost::Sync));
        }
        steps.push(Step::Resync);
        steps
    }

    /// What a message from the host (or one that made no sense) means for this table.
    pub fn take(&mut self, message: Result<ToClient, String>) -> Vec<Step> {
        // The host's words are shown as they would be from any peer (the security review's
        // N9): only what shows plainly, cut to a length.
        let message = match message.map(plain_words) {
            Ok(message) => message,
            Err(reason) => {
                let reason = sanitise(&reason, MAX_REASON_CHARS);
                if !self.welcomed {
                    self.refused = Some(format!("the host's message made no sense ({reason})"));
                }
                return self.resync(&format!("A message from the host made no sense ({reason})"));
            }
        };
        match message {
            ToClient::Welcome {
                seat,
                options,
                actions,
                state,
                away,
                ticket,
            } => self.welcome(seat, options, actions, state.0, away, ticket),
            // Not seated yet: the table asks again, and says why if it gives up.
            ToClient::Refused { reason } if !self.welcomed => {
                self.refused = Some(reason);
                Vec::new()
            }
            // Until the host's state arrives, what it sent about the game before is in it.
            ToClient::Accepted { .. }
            | ToClient::Check { .. }
            | ToClient::Refused { .. }
            | ToClient::Declined { .. }
                if self.syncing =>
            {
                Vec::new()
            }
            _ if !self.welcomed => Vec::new(),
            ToClient::Accepted { action, draws } => vec![Step::Apply { action, draws }],
            ToClient::Check { at, hash } => vec![Step::Check { at, hash }],
            ToClient::Refused { reason } => {
                let trade_off = reason.ends_with(TRADE_OFF);
                vec![
                    Step::Notice(format!("The host refused: {reason}.")),
                    Step::Refused { trade_off },
                ]
            }
            // A trade this table cannot read (a card or a seat that does not exist, the
            // review's N8) is declined, never shown.
            ToClient::Offer { action, .. } if !self.readable_trade(&action) => vec![
                Step::Notice("The host offered a trade this table cannot read: declined.".into()),
                Step::Send(ToHost::Answer { accept: false }),
            ],
            ToClient::Offer { action, within } => vec![
                Step::Notice(format!("{} offers you a trade.", self.name(action.player))),
                Step::Offer(action, within),
            ],
            ToClient::Declined { seat } => vec![
                Step::Notice(format!("{} declines the trade.", self.name(seat))),
                Step::Declined(seat),
            ],
            ToClient::OfferClosed => vec![
                Step::Notice("The trade offered to you is off.".into()),
                Step::OfferClosed,
            ],
            ToClient::Said { seat, text } => vec![Step::Said {
                who: self.name(seat),
                text,
            }],
            ToClient::WatcherSaid { watcher, text } => vec![Step::Said {
                who: format!("Watcher {watcher}"),
                text,
            }],
            ToClient::Pinged { seat, target } => vec![Step::Pinged { seat, target }],
            ToClient::Waiting { seat, bot_in } => {
                let then = match bot_in {
                    0 => String::new(),
                    s => format!(" An Ensign bot plays the seat if they are not back in {s} s."),
                };
                vec![
                    Step::Away(seat),
                    Step::Notice(format!(
                        "Waiting for {}: their link dropped.{then}",
                        self.name(seat)
                    )),
                ]
            }
            // Play goes on: the host's bot takes the seat's turns until its person is back.
            ToClient::BotPlays { seat } => {
                let name = self.name(seat);
                vec![
                    Step::Present(seat),
                    Step::Notice(format!(
                        "An Ensign bot plays {name}'s seat until {name} is back."
                    )),
                ]
            }
            ToClient::Back { seat } => vec![
                Step::Present(seat),
                Step::Notice(format!("{} is at the table.", self.name(seat))),
            ],
            ToClient::Over {
                outcome,
                turns,
                final_hash,
                public_hash,
                seed,
            } => vec![
                Step::Notice(format!(
                    "The host's game is over: {}.",
                    outcome_words(&outcome)
                )),
                Step::Over {
                    outcome,
                    turns,
                    final_hash,
                    public_hash,
                    seed,
                },
            ],
        }
    }

    /// Whether an offered trade names seats at this table and cards that exist.
    fn readable_trade(&self, action: &PlayerAction) -> bool {
        let cards = stp_rules::content::builtin().cards.len();
        let seats = self.names.len();
        match action.action {
            stp_rules::Action::Trade { with, give, take } => {
                usize::from(action.player) < seats
                    && usize::from(with) < seats
                    && usize::from(give) < cards
                    && usize::from(take) < cards
            }
            _ => false,
        }
    }

    fn welcome(
        &mut self,
        seat: Option<u8>,
        options: GameOptions,
        actions: Vec<PlayerAction>,
        state: Box<GameState>,
        away: Vec<u8>,
        ticket: String,
    ) -> Vec<Step> {
        if !ticket.is_empty() {
            self.ticket = Some(ticket);
        }
        let game = (actions.len(), state.public_hash());
        let first = !self.welcomed;
        let notice = if first {
            Some(match seat {
                Some(seat) => format!(
                    "You have seat {} of the game at {}.",
                    super::protocol::seat_number(seat),
                    self.host
                ),
                None => format!(
                    "You are watching the game at {}, without a seat; the talk is open to you.",
                    self.host
                ),
            })
        } else if self.syncing || self.last_welcome != Some(game) {
            Some("This table has the host's game again.".to_string())
        } else {
            None
        };
        self.names = state.players().iter().map(|p| p.name.clone()).collect();
        self.welcomed = true;
        self.syncing = false;
        self.seat = seat;
        self.last_welcome = Some(game);
        let mut steps = vec![Step::Welcome {
            first,
            seat,
            options,
            actions,
            state,
            away,
        }];
        steps.extend(notice.map(Step::Notice));
        steps
    }
}

/// A host's message with its words made plain: reasons, talk, the outcome and the hashes. A
/// hostile host's refusal or chat line cannot carry control codes or bidi overrides to the
/// terminal or the talk.
pub(crate) fn plain_words(mut message: ToClient) -> ToClient {
    match &mut message {
        ToClient::Refused { reason } => *reason = sanitise(reason, MAX_REASON_CHARS),
        ToClient::Said { text, .. } | ToClient::WatcherSaid { text, .. } => {
            *text = sanitise(text, MAX_CHAT_CHARS);
        }
        ToClient::Over {
            outcome,
            final_hash,
            public_hash,
            ..
        } => {
            *outcome = sanitise(outcome, MAX_REASON_CHARS);
            *final_hash = sanitise(final_hash, 80);
            *public_hash = sanitise(public_hash, 80);
        }
        _ => {}
    }
    message
}

/// A game's end as the host reports it (`won`, `lost: hull_destroyed`…), in words.
fn outcome_words(outcome: &str) -> String {
    match outcome {
        "won" => "victory".into(),
        "lost: hull_destroyed" => "defeat, every Hull section destroyed".into(),
        "lost: deck_depleted" => "defeat, the Enterprise deck ran out".into(),
        "lost: stalemate" => "defeat, ten rounds without progress".into(),
        other => other.to_string(),
    }
}

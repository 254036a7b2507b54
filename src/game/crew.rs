//! Crewmates: each seat is a person or a bot, an Ensign (the heuristic bot) or a Captain (the
//! advisor). A bot takes its turn at a readable pace: it picks its card and target on the
//! table, holds a moment so the players can see the choice, then sends it through the
//! validator like anyone. It answers Security Team offers and Spock's choice, and skips the
//! handover. The seats are chosen on the setup screen, with `--bots N`, or from the menu.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on};
use bevy::window::RequestRedraw;
use stp_rules::advisor::{self, Budget};
use stp_rules::{Action, GameState, LoadGame, PlayerAction, PlayerId, StartGame, Window, bot};

use crate::game::advisor::show_on_table;
use crate::game::launch::Launch;
use crate::game::model::handover::Handover;
use crate::game::model::record::Replaying;
use crate::game::model::selection::Selection;
use crate::game::pacing::{AnimationSpeed, Sequence};
use crate::game::systems::GameSystems;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Crew>()
        .init_resource::<Away>()
        .init_resource::<BotMove>()
        .init_resource::<BotRecap>()
        .init_resource::<BotTrades>()
        .add_message::<RequestRedraw>()
        .add_systems(
            Update,
            (fit_crew, forget_recap, new_turn_trades).in_set(GameSystems::Pace),
        )
        .add_systems(Update, bot_turns.in_set(GameSystems::Input));
}

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Seat {
    #[default]
    Human,
    /// The heuristic bot.
    Ensign,
    /// The advisor.
    Captain,
    /// A person at another machine (`online`): their actions come over the network.
    Remote,
}

impl Seat {
    /// The seats a hot-seat game offers (a remote seat comes with hosting).
    pub const ALL: [Seat; 3] = [Seat::Human, Seat::Ensign, Seat::Captain];

    /// The seat's name in a save file.
    pub fn id(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Ensign => "ensign",
            Seat::Captain => "captain",
            Seat::Remote => "remote",
        }
    }

    /// A seat named in a save file; an unknown name is a person's seat.
    pub(crate) fn from_id(id: &str) -> Seat {
        Seat::ALL
            .into_iter()
            .chain([Seat::Remote])
            .find(|s| s.id() == id)
            .unwrap_or_default()
    }

    /// The seat's kind as the setup screen and the menu name it (`explain` says what a bot's
    /// rank means).
    pub fn label(self) -> &'static str {
        match self {
            Seat::Human => "Human",
            Seat::Ensign => "Ensign bot",
            Seat::Captain => "Captain bot",
            Seat::Remote => "Remote player",
        }
    }

    /// What the seat's kind is, for its hover.
    pub fn explain(self) -> &'static str {
        match self {
            Seat::Human => "A person at this machine.",
            Seat::Ensign => {
                "A quick bot that plays by rules of thumb: it fires at what threatens the ship \
                 most and repairs what is damaged."
            }
            Seat::Captain => {
                "A strong bot that thinks ahead: before each choice it plays out many possible \
                 futures and takes what wins most. It sees only what the players see."
            }
            Seat::Remote => "A person at another machine, who joins this game with its code.",
        }
    }
}

/// The seats of the game on the table, by player.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Crew {
    pub seats: Vec<Seat>,
    /// Set by the setup screen for the game it starts; `--bots` sets it for a dealt game.
    pub pending: Option<Vec<Seat>>,
}

impl Crew {
    pub fn seat(&self, player: PlayerId) -> Seat {
        self.seats.get(player as usize).copied().unwrap_or_default()
    }

    /// A bot plays the seat on this machine.
    pub(crate) fn is_bot(&self, player: PlayerId) -> bool {
        matches!(self.seat(player), Seat::Ensign | Seat::Captain)
    }

    /// A person at this machine plays the seat.
    pub(crate) fn is_here(&self, player: PlayerId) -> bool {
        self.seat(player) == Seat::Human
    }

    /// The seat's person plays at another machine.
    pub(crate) fn is_remote(&self, player: PlayerId) -> bool {
        self.seat(player) == Seat::Remote
    }

    /// People at this machine: with one, there is no conn to hand over.
    pub(crate) fn people_here(&self) -> usize {
        self.seats.iter().filter(|s| **s == Seat::Human).count()
    }
}

/// Seats whose person is away: a remote seat not yet taken, or whose link dropped. Play
/// waits for them (`online` sets it; the keys, the panels and the bots read it).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Away(pub Vec<PlayerId>);

/// `--bots N`: the last N of `players` seats are Captain bots.
pub fn seats_with_bots(players: usize, bots: usize) -> Vec<Seat> {
    (0..players)
        .map(|i| {
            if i + bots.min(players) >= players {
                Seat::Captain
            } else {
                Seat::Human
            }
        })
        .collect()
}

/// A new or loaded game takes the seats chosen for it (`pending`); else a game for as many
/// players keeps the seats it had ("play again"), and the first game takes `--bots`. The list
/// always has one seat per player, people where nothing else was chosen.
fn fit_crew(
    mut starts: MessageReader<StartGame>,
    mut loads: MessageReader<LoadGame>,
    state: Option<Res<GameState>>,
    launch: Res<Launch>,
    mut crew: ResMut<Crew>,
) {
    let fresh = starts.read().count() + loads.read().count() > 0;
    let Some(state) = state else { return };
    let players = state.players().len();
    if fresh {
        if let Some(chosen) = crew.pending.take() {
            crew.seats = chosen;
        } else if crew.seats.len() != players {
            crew.seats = launch
                .bots
                .map_or_else(Vec::new, |n| seats_with_bots(players, n));
        }
    }
    if crew.seats.len() != players {
        crew.seats.resize(players, Seat::Human);
    }
}

/// A bot's trades with the people here: the one offered and waiting for their answer (the
/// bot waits too), and those declined this turn (once declined, the bot offers no more trades
/// that turn: it ends its Trade phase instead of asking again).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct BotTrades {
    pub pending: Option<PlayerAction>,
    pub declined: Vec<PlayerAction>,
}

/// A new turn forgets the last turn's declined trades.
fn new_turn_trades(
    mut events: MessageReader<stp_rules::RulesEvent>,
    mut trades: ResMut<BotTrades>,
) {
    if events
        .read()
        .any(|e| matches!(e, stp_rules::RulesEvent::TurnStarted { .. }))
    {
        trades.declined.clear();
    }
}

/// What a bot did on its turn, in words, for the controls to show while it plays and after,
/// until a person at this table acts: a bot's turn is not over in a blur.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct BotRecap {
    pub player: Option<PlayerId>,
    /// The bot's seat as the table names it ("Player 2").
    pub who: Option<String>,
    pub lines: Vec<String>,
}

/// A person's action clears the recap: they have seen it.
fn forget_recap(
    mut accepted: MessageReader<stp_rules::ActionAccepted>,
    crew: Res<Crew>,
    mut recap: ResMut<BotRecap>,
) {
    if accepted
        .read()
        .any(|stp_rules::ActionAccepted(a)| !crew.is_bot(a.player))
        && recap.who.is_some()
    {
        *recap = BotRecap::default();
    }
}

/// A bot's move in progress: the search (a Captain's), then the chosen action on show.
#[derive(Resource, Default)]
pub(crate) struct BotMove {
    search: Option<(Task<Option<PlayerAction>>, u64)>,
    /// The chosen action, for the position with this hash, and how long it has shown.
    pub chosen: Option<(u64, PlayerAction, f32)>,
    /// How long a bot's boarding window has waited for a person's Security Team.
    waited_for_people: f32,
}

/// How long a bot's choice shows on the table before it is sent (seconds at speed 1).
const SHOW_CHOICE: f32 = 0.9;

/// How long a bot waits for a person to play a Security Team before it lets boarders in.
const WAIT_FOR_PEOPLE: f32 = 10.0;

/// What holds the bots back: the table shows a sequence, the conn is being handed over, a
/// game is watched again, someone is away, a trade waits for an answer, or the game is paused.
#[derive(bevy::ecs::system::SystemParam)]
struct BotHolds<'w> {
    sequence: Res<'w, Sequence>,
    handover: Res<'w, Handover>,
    replaying: Res<'w, Replaying>,
    away: Res<'w, Away>,
    trades: Res<'w, BotTrades>,
    paused: Res<'w, crate::game::model::screen::Paused>,
}

impl BotHolds<'_> {
    fn hold(&self) -> bool {
        self.paused.0
            || self.trades.pending.is_some()
            || !self.away.0.is_empty()
            || self.sequence.is_playing()
            || self.handover.0.is_some()
            || self.replaying.record.is_some()
    }
}

/// The bots' clock: a frame's time at the table's animation speed (a bot's choice shows for
/// as long at any speed), and whether the player skips the wait.
#[derive(bevy::ecs::system::SystemParam)]
struct BotClock<'w> {
    time: Res<'w, Time>,
    speed: Res<'w, AnimationSpeed>,
}

impl BotClock<'_> {
    fn tick(&self) -> f32 {
        self.time.delta_secs() * self.speed.speed.max(0.1)
    }
    fn skip(&self) -> bool {
        self.speed.skip
    }
}

/// What a bot's move writes: the action, a redraw while it shows, the recap of its turn, and
/// the table's selection that shows it.
#[derive(bevy::ecs::system::SystemParam)]
struct BotOutputs<'w> {
    actions: MessageWriter<'w, PlayerAction>,
    redraw: MessageWriter<'w, RequestRedraw>,
    recap: ResMut<'w, BotRecap>,
    selection: ResMut<'w, Selection>,
}

/// The bots' turns: choose (in the background for a Captain), show, send.
fn bot_turns(
    clock: BotClock,
    state: Option<Res<GameState>>,
    crew: Res<Crew>,
    holds: BotHolds,
    mut pending: ResMut<BotMove>,
    mut out: BotOutputs,
) {
    let Some(state) = state else { return };
    // A crew of people only, here or elsewhere: nothing to do (and no search for who acts).
    if !(0..crew.seats.len() as u8).any(|p| crew.is_bot(p)) {
        return;
    }
    let waiting = !state.awaits_players() || holds.hold();
    // Who must act now, as the rules' windows and phases say (the heuristic knows).
    let mut actor = bot::choose(&state).map(|a| a.player);
    // Boarders on a bot's turn, and the heuristic would have a person play their Security
    // Team: the person has a while to do so; then the bot, whose turn it is, lets them board.
    let active = state.turn().active;
    if !waiting
        && matches!(state.turn().window, Some(Window::Boarding { .. }))
        && crew.is_bot(active)
        && actor.is_some_and(|p| !crew.is_bot(p))
    {
        pending.waited_for_people += clock.tick();
        if pending.waited_for_people >= WAIT_FOR_PEOPLE || clock.skip() {
            actor = Some(active);
            if pending.chosen.is_none() {
                let action = PlayerAction {
                    player: active,
                    action: Action::ResolveBoarding,
                };
                pending.chosen = Some((state.state_hash(), action, SHOW_CHOICE));
            }
        }
    } else {
        pending.waited_for_people = 0.0;
    }
    if waiting || !actor.is_some_and(|p| crew.is_bot(p)) {
        // Not a bot's move: drop any half-made one (the wait for people goes on).
        pending.search = None;
        pending.chosen = None;
        return;
    }
    out.redraw.write(RequestRedraw);
    let hash = state.state_hash();
    if let Some((at, action, shown)) = &mut pending.chosen {
        if *at != hash {
            *pending = BotMove::default();
            return;
        }
        *shown += clock.tick();
        if *shown >= SHOW_CHOICE || clock.skip() {
            if out.recap.player != Some(action.player) {
                *out.recap = BotRecap {
                    player: Some(action.player),
                    who: state
                        .players()
                        .get(usize::from(action.player))
                        .map(|p| p.name.clone()),
                    lines: Vec::new(),
                };
            }
            out.recap
                .lines
                .push(crate::words::describe::action_words(&state, action));
            out.actions.write(*action);
            out.selection.clear_card();
            *pending = BotMove::default();
        }
        return;
    }
    let chosen = match (&mut pending.search, actor.map(|p| crew.seat(p))) {
        (Some((task, _)), _) => {
            if !task.is_finished() {
                return;
            }
            let Some((task, searched)) = pending.search.take() else {
                return;
            };
            // Advice for a position the table has left is of no use.
            block_on(task).filter(|_| searched == hash)
        }
        (None, Some(Seat::Captain)) => {
            let position = state.clone();
            let task = AsyncComputeTaskPool::get()
                .spawn(async move { advisor::choose(&position, Budget::CREWMATE, hash) });
            pending.search = Some((task, hash));
            return;
        }
        _ => bot::choose(&state),
    };
    // A trade the person declined this turn is not offered again: the bot trades no more.
    let declined = |a: &PlayerAction| holds.trades.declined.iter().any(|d| d.player == a.player);
    let chosen = chosen.map(|action| match action.action {
        Action::Trade { .. } if declined(&action) => PlayerAction {
            player: action.player,
            action: Action::EndPhase,
        },
        _ => action,
    });
    if let Some(action) = chosen {
        show_on_table(&state, action, &mut out.selection);
        pending.chosen = Some((hash, action, 0.0));
    }
}

//! The rules as a Bevy plugin: the `GameState` resource, player actions in, rules events out,
//! and one system per turn phase.
//!
//! The turn phase lives in the `GameState` resource rather than in a Bevy `State`: state
//! transitions apply once a frame, while the rules run several automatic phases back to back
//! (Check Mission Status → Threats Move & Fire → Draw 2 New Threats) in one frame.

use bevy_app::{App, Plugin, Update};
use bevy_ecs::prelude::*;

use crate::actions::{Action, PlayerAction, Refusal};
use crate::events::RulesEvent;
use crate::setup::GameOptions;
use crate::state::{Draws, GameState, Phase, PlayerId};
use crate::undo::{UndoHistory, is_information_boundary};

/// Start a new game (replacing any game in progress).
#[derive(Debug, Clone, Message)]
pub struct StartGame(pub GameOptions);

/// A player action the validator accepted and the rules carried out (recorded for saves and
/// replays).
#[derive(Debug, Clone, Copy, PartialEq, Message)]
pub struct ActionAccepted(pub PlayerAction);

/// Put a saved game on the table (replacing any game in progress). Check it first with
/// `files::SaveFile`, which refuses bad files.
#[derive(Debug, Clone, Message)]
pub struct LoadGame(pub Box<GameState>);

/// A player action the validator refused, with the reason to show the player.
#[derive(Debug, Clone, PartialEq, Message)]
pub struct ActionRefused {
    pub action: PlayerAction,
    pub reason: Refusal,
}

/// The active player asks to take back their last action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message)]
pub struct UndoRequest {
    pub player: crate::state::PlayerId,
}

/// An undo that could not be done, with the reason.
#[derive(Debug, Clone, PartialEq, Message)]
pub struct UndoRefused {
    pub player: crate::state::PlayerId,
    pub reason: Refusal,
}

/// A game that could not be set up (unknown preset, bad player count …).
#[derive(Debug, Clone, PartialEq, Message)]
pub struct SetupFailed(pub String);

/// The rules' systems, in order: start, player actions, then the seven phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, SystemSet)]
pub enum RulesSystems {
    Start,
    Actions,
    Phases,
}

pub struct RulesPlugin;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<StartGame>()
            .add_message::<SetupFailed>()
            .add_message::<PlayerAction>()
            .add_message::<ActionAccepted>()
            .add_message::<HostAction>()
            .add_message::<ActionForwarded>()
            .add_message::<TradeOffered>()
            .add_message::<LoadGame>()
            .add_message::<ActionRefused>()
            .add_message::<RulesEvent>()
            .add_message::<UndoRequest>()
            .add_message::<UndoRefused>()
            .add_message::<DrawsMade>()
            .init_resource::<UndoHistory>()
            .configure_sets(
                Update,
                (
                    RulesSystems::Start,
                    RulesSystems::Actions,
                    RulesSystems::Phases,
                )
                    .chain(),
            )
            .add_systems(Update, start_game.in_set(RulesSystems::Start))
            .add_systems(
                Update,
                (undo_requests, receive_player_actions)
                    .chain()
                    .in_set(RulesSystems::Actions)
                    .run_if(resource_exists::<GameState>),
            )
            .add_systems(
                Update,
                (
                    draw_cards_phase.run_if(in_phase(Phase::DrawCards)),
                    reveal_mission_phase.run_if(in_phase(Phase::RevealMission)),
                    trade_phase.run_if(in_phase(Phase::Trade)),
                    play_cards_and_maneuver_phase.run_if(in_phase(Phase::PlayAndManeuver)),
                    check_mission_status_phase.run_if(in_phase(Phase::CheckMissionStatus)),
                    threats_move_and_fire_phase.run_if(in_phase(Phase::ThreatsMoveAndFire)),
                    draw_new_threats_phase.run_if(in_phase(Phase::DrawNewThreats)),
                    publish_draws,
                )
                    .chain()
                    .in_set(RulesSystems::Phases),
            );
    }
}

/// While this resource exists, the rules write down every draw from the hidden orders and
/// send each frame's as `DrawsMade`: a host sends them with the actions it accepts, so that
/// the tables holding only the public view draw the same. The table reads them from the
/// message, and never writes the state itself.
#[derive(Resource, Debug, Default)]
pub struct WriteDownDraws;

/// The draws the rules made this frame, in order (only while `WriteDownDraws` exists).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct DrawsMade(pub Draws);

/// Takes this frame's written-down draws out of the state, and starts writing them down if it
/// has not yet; stops once `WriteDownDraws` is gone. The state is touched only when there is
/// something to take or to stop, so it is not marked changed every frame.
fn publish_draws(
    state: Option<ResMut<GameState>>,
    write: Option<Res<WriteDownDraws>>,
    mut made: MessageWriter<DrawsMade>,
) {
    let Some(mut state) = state else {
        return;
    };
    if write.is_none() {
        if state.recorded_draws().is_some() {
            state.stop_recording_draws();
        }
        return;
    }
    if state.recorded_draws().is_none_or(|seen| !seen.is_empty()) {
        let draws = state.take_draws();
        if !draws.is_empty() {
            made.write(DrawsMade(draws));
        }
    }
}

/// Run condition: a game is on, in this phase, and not waiting for players.
pub(crate) fn in_phase(phase: Phase) -> impl Fn(Option<Res<GameState>>) -> bool + Clone {
    move |state: Option<Res<GameState>>| {
        state.is_some_and(|s| s.turn.phase == phase && !s.awaits_players() && !s.is_over())
    }
}

/// Sends the events the rules produced since the last flush. Anything they revealed ends what
/// can be undone, in the same frame (not when some later system reads the messages).
fn publish(
    state: &mut GameState,
    events: &mut MessageWriter<RulesEvent>,
    history: &mut UndoHistory,
) {
    for event in state.drain_events() {
        if is_information_boundary(&event) {
            history.clear();
        }
        events.write(event);
    }
}

fn start_game(
    mut requests: MessageReader<StartGame>,
    mut loads: MessageReader<LoadGame>,
    mut commands: Commands,
    mut history: ResMut<UndoHistory>,
    mut events: MessageWriter<RulesEvent>,
    mut failures: MessageWriter<SetupFailed>,
) {
    for StartGame(options) in requests.read() {
        match GameState::new(options) {
            Ok(mut state) => {
                history.clear();
                publish(&mut state, &mut events, &mut history);
                commands.insert_resource(state);
            }
            Err(err) => {
                failures.write(SetupFailed(err.to_string()));
            }
        }
    }
    for LoadGame(state) in loads.read() {
        history.clear();
        let mut state = (**state).clone();
        state.events.clear();
        commands.insert_resource(state);
    }
}

/// A lesson's hold on the next action: the validator's refusals come first, then any legal
/// action not among `allowed` is refused with `otherwise`, the lesson's words. Without the
/// resource every legal action is carried out.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct ActionGate {
    pub allowed: Vec<PlayerAction>,
    pub otherwise: String,
}

/// An action the rules elsewhere (a host) carried out, with what it drew from the hidden
/// order: a table that holds only the public view plays it with those draws.
#[derive(Debug, Clone, PartialEq, Message)]
pub struct HostAction {
    pub action: PlayerAction,
    pub draws: crate::state::Draws,
}

/// With this resource, the game is played elsewhere (a host holds the hidden order): a
/// player action here is checked by the validator, and if legal it goes out as
/// `ActionForwarded` instead of being carried out; the game changes with `HostAction`.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ForwardActions;

/// A legal player action to send to the rules that hold the game (see `ForwardActions`).
#[derive(Debug, Clone, Copy, PartialEq, Message)]
pub struct ActionForwarded(pub PlayerAction);

/// In a game across machines, a trade between players at different tables is an offer
/// that the other player accepts, as at a real table (rulebook p. 8, "Trading": the active
/// player "may trade one card in his or her hand with another player"): a legal one goes out as `TradeOffered`
/// instead of being carried out, and is carried out once it comes again `agreed`.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct TradeOffers {
    /// Where each seat is played (a table's number); seats at one table trade at once, and a
    /// seat with `None` (a bot) accepts any trade.
    pub tables: Vec<Option<u32>>,
    /// Offers the other player accepted: each is carried out once, when it comes again.
    pub agreed: Vec<PlayerAction>,
}

impl TradeOffers {
    /// Whether this action must be offered to its other player first.
    pub fn is_offer(&self, action: &PlayerAction) -> bool {
        let Action::Trade { with, .. } = action.action else {
            return false;
        };
        let table = |p: PlayerId| self.tables.get(usize::from(p)).copied().flatten();
        !self.agreed.contains(action)
            && matches!((table(action.player), table(with)), (Some(a), Some(b)) if a != b)
    }
}

/// A legal trade to offer its other player (see `TradeOffers`).
#[derive(Debug, Clone, Copy, PartialEq, Message)]
pub struct TradeOffered(pub PlayerAction);

/// Where a player's action goes besides the rules here: a lesson's gate, a host elsewhere,
/// or another table's player to accept a trade.
#[derive(bevy_ecs::system::SystemParam)]
struct Routing<'w> {
    gate: Option<Res<'w, ActionGate>>,
    forward: Option<Res<'w, ForwardActions>>,
    offers: Option<ResMut<'w, TradeOffers>>,
}

/// Every player action passes the one validator; refusals go back with their reason.
fn receive_player_actions(
    (mut actions, mut from_host): (MessageReader<PlayerAction>, MessageReader<HostAction>),
    Routing {
        gate,
        forward,
        mut offers,
    }: Routing,
    mut state: ResMut<GameState>,
    mut history: ResMut<UndoHistory>,
    mut refused: MessageWriter<ActionRefused>,
    (mut accepted, mut forwarded, mut offered): (
        MessageWriter<ActionAccepted>,
        MessageWriter<ActionForwarded>,
        MessageWriter<TradeOffered>,
    ),
    mut events: MessageWriter<RulesEvent>,
) {
    // The host's actions first: they are the game's order.
    for HostAction { action, draws } in from_host.read() {
        let before = state.clone();
        let mark = state.events.len();
        state.forced.extend(draws.clone());
        match state.act(*action) {
            Ok(()) => {
                history.record(action.player, before, &state.events[mark..]);
                accepted.write(ActionAccepted(*action));
            }
            Err(reason) => {
                state.forced = Default::default();
                refused.write(ActionRefused {
                    action: *action,
                    reason,
                });
            }
        }
        publish(&mut state, &mut events, &mut history);
    }
    for action in actions.read() {
        // Checked here but carried out elsewhere: by the host, or once the other table's
        // player accepts the trade.
        let offer = offers.as_ref().is_some_and(|o| o.is_offer(action));
        if forward.is_some() || offer {
            match state.validate(action) {
                Ok(()) if forward.is_some() => {
                    forwarded.write(ActionForwarded(*action));
                }
                Ok(()) => {
                    offered.write(TradeOffered(*action));
                }
                Err(reason) => {
                    refused.write(ActionRefused {
                        action: *action,
                        reason,
                    });
                }
            }
            continue;
        }
        if let Some(offers) = offers.as_mut() {
            offers.agreed.retain(|a| a != action);
        }
        let before = state.clone();
        let mark = state.events.len();
        let gated = match &gate {
            Some(gate) if !gate.allowed.contains(action) => state
                .validate(action)
                .and(Err(Refusal::NotInThisLesson(gate.otherwise.clone()))),
            _ => Ok(()),
        };
        match gated.and_then(|()| state.act(*action)) {
            Ok(()) => {
                history.record(action.player, before, &state.events[mark..]);
                accepted.write(ActionAccepted(*action));
            }
            Err(reason) => {
                refused.write(ActionRefused {
                    action: *action,
                    reason,
                });
            }
        }
        publish(&mut state, &mut events, &mut history);
    }
}

/// Undo: the active player's own actions, back to the last information boundary.
fn undo_requests(
    mut requests: MessageReader<UndoRequest>,
    mut state: ResMut<GameState>,
    mut history: ResMut<UndoHistory>,
    mut refused: MessageWriter<UndoRefused>,
    mut events: MessageWriter<RulesEvent>,
) {
    for UndoRequest { player } in requests.read() {
        match history.undo(&state, *player) {
            Ok(before) => {
                *state = before;
                events.write(RulesEvent::ActionUndone { player: *player });
            }
            Err(reason) => {
                refused.write(UndoRefused {
                    player: *player,
                    reason,
                });
            }
        }
    }
}

/// What a phase system works on: the state, the event messages and the undo history.
#[derive(bevy_ecs::system::SystemParam)]
struct PhaseContext<'w> {
    state: ResMut<'w, GameState>,
    events: MessageWriter<'w, RulesEvent>,
    history: ResMut<'w, UndoHistory>,
}

impl PhaseContext<'_> {
    /// Runs one phase function exactly as `GameState::step` does, then publishes its events.
    fn run(&mut self, phase: fn(&mut GameState)) {
        phase(&mut self.state);
        self.state.check_victory();
        publish(&mut self.state, &mut self.events, &mut self.history);
    }
}

/// Phase 1: Draw Enterprise Cards.
fn draw_cards_phase(mut rules: PhaseContext) {
    rules.run(GameState::draw_cards_phase);
}

/// Phase 2: Reveal New Mission.
fn reveal_mission_phase(mut rules: PhaseContext) {
    rules.run(GameState::reveal_mission_phase);
}

/// Phase 3: Trade a Card (moves on once the active player ends it).
fn trade_phase(mut rules: PhaseContext) {
    rules.run(GameState::trade_phase);
}

/// Phase 4: Play Cards & Maneuver (moves on once the active player ends it).
fn play_cards_and_maneuver_phase(mut rules: PhaseContext) {
    rules.run(GameState::play_cards_and_maneuver_phase);
}

/// Phase 5: Check Mission Status.
fn check_mission_status_phase(mut rules: PhaseContext) {
    rules.run(GameState::check_mission_status_phase);
}

/// Phase 6: Threats Move & Fire.
fn threats_move_and_fire_phase(mut rules: PhaseContext) {
    rules.run(GameState::threats_move_and_fire_phase);
}

/// Phase 7: Draw 2 New Threats.
fn draw_new_threats_phase(mut rules: PhaseContext) {
    rules.run(GameState::draw_new_threats_phase);
}

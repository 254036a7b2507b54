//! The advisor at the table: H or the "Advisor" button asks it; it searches in the
//! background (a progress bar shows), then says what to do and why, and picks the card and
//! its target on the table. It never acts by itself: "Do it" sends the advised action through
//! the validator like any other.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on};
use bevy::window::RequestRedraw;
use stp_rules::advisor::{Advice, Budget, advise};
use stp_rules::{Action, GameState, PlayerAction};

use crate::game::model::offers;
use crate::game::model::selection::Selection;
use crate::game::pacing::Sequence;
use crate::game::systems::GameSystems;
use crate::words::describe::{action_words, player_name};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Advisor>()
        .add_message::<AskAdvisor>()
        .add_message::<RequestRedraw>()
        .add_systems(
            Update,
            (start_search, finish_search, forget_stale)
                .chain()
                .in_set(GameSystems::Present),
        );
}

/// H, or the "Advisor" button: ask for advice in the position on the table.
#[derive(Message, Debug, Clone, Copy, Default)]
pub(crate) struct AskAdvisor;

/// Advice for one position, in words.
#[derive(Debug, Clone, PartialEq)]
pub struct Counsel {
    /// The position it is for; a change of position makes it stale.
    pub hash: u64,
    pub action: PlayerAction,
    /// "Alice: Photon Torpedoes on the Klingon Cruiser (Short 2, …)".
    pub words: String,
    pub reason: String,
}

/// The advisor's state: searching (since when, for how long), or its last counsel.
#[derive(Resource)]
pub struct Advisor {
    pub budget: Budget,
    search: Option<(Task<Option<Advice>>, u64, f32)>,
    pub counsel: Option<Counsel>,
    /// Set when the search found nobody to advise (shown instead of counsel).
    pub note: Option<String>,
}

impl Default for Advisor {
    fn default() -> Self {
        Advisor {
            budget: Budget::HINT,
            search: None,
            counsel: None,
            note: None,
        }
    }
}

impl Advisor {
    /// How far the search has got, 0 to 1, while it runs.
    pub fn progress(&self) -> Option<f32> {
        let (_, _, elapsed) = self.search.as_ref()?;
        let of = match self.budget {
            Budget::Millis(ms) => ms as f32 / 1000.0,
            Budget::Rollouts(_) => 1.0,
        };
        Some((elapsed / of).min(0.99))
    }
}

fn start_search(
    mut asks: MessageReader<AskAdvisor>,
    state: Option<Res<GameState>>,
    sequence: Res<Sequence>,
    mut advisor: ResMut<Advisor>,
) {
    if asks.read().count() == 0 || advisor.search.is_some() {
        return;
    }
    let Some(state) = state else { return };
    advisor.counsel = None;
    advisor.note = None;
    if sequence.is_playing() || !state.awaits_players() {
        advisor.note = Some("The advisor waits until the players must act.".into());
        return;
    }
    let hash = state.state_hash();
    let budget = advisor.budget;
    let position = state.clone();
    // The seed follows the position, so the same position gets the same advice.
    let task = AsyncComputeTaskPool::get().spawn(async move { advise(&position, budget, hash) });
    advisor.search = Some((task, hash, 0.0));
}

/// Takes the finished search's advice, words it, and picks its card and target on the table.
fn finish_search(
    time: Res<Time>,
    state: Option<Res<GameState>>,
    mut advisor: ResMut<Advisor>,
    mut selection: ResMut<Selection>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some((task, hash, elapsed)) = &mut advisor.search else {
        return;
    };
    *elapsed += time.delta_secs();
    redraw.write(RequestRedraw);
    if !task.is_finished() {
        return;
    }
    let hash = *hash;
    let Some((task, _, _)) = advisor.search.take() else {
        return;
    };
    let advice = block_on(task);
    let Some(state) = state.filter(|s| s.state_hash() == hash) else {
        return;
    };
    let Some(advice) = advice else {
        advisor.note = Some("Nobody must act now.".into());
        return;
    };
    let action = advice.best.action;
    show_on_table(&state, action, &mut selection);
    advisor.counsel = Some(Counsel {
        hash,
        action,
        words: format!(
            "{}: {}",
            player_name(&state, action.player),
            action_words(&state, &action)
        ),
        reason: crate::words::advice::reason(&state, &advice),
    });
}

/// Picks the advised card, its partner and shift, and brings its target into focus, so the
/// table's reach, pulse and labels show what the advice means.
pub(crate) fn show_on_table(state: &GameState, action: PlayerAction, selection: &mut Selection) {
    let Action::PlayCard {
        card, with, shift, ..
    } = action.action
    else {
        return;
    };
    *selection = Selection {
        card: Some((action.player, card)),
        with,
        shift,
        ..Selection::default()
    };
    let plays = offers::plays(state, selection);
    let targets = offers::targets(state, &plays, with, shift);
    selection.focus = targets.iter().position(|offer| offer.action == action);
}

/// Advice for a position the table has left is dropped.
fn forget_stale(state: Option<Res<GameState>>, mut advisor: ResMut<Advisor>) {
    let Some(state) = state.filter(|s| s.is_changed()) else {
        return;
    };
    if advisor
        .counsel
        .as_ref()
        .is_some_and(|c| c.hash != state.state_hash())
    {
        advisor.counsel = None;
    }
}

//! Pacing: the rules resolve the automatic phases (Check Mission Status, Threats Move & Fire,
//! Draw New Threats) in one frame; the table plays them back step by step so the eye can
//! follow what moved, what fired and what hit which Shield.
//!
//! Everything the table shows reads the paced stream: `Shown` is the table as far as the
//! sequence has got, and `Paced` messages are the rules events as each step shows them. While
//! a sequence plays, the controls wait; Space or a click on the table skips to its end.

pub mod view;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use std::collections::VecDeque;
use stp_rules::{GameState, LoadGame, RulesEvent, StartGame};

use crate::game::systems::GameSystems;
use view::Step;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimationSpeed>()
        .init_resource::<Shown>()
        .init_resource::<Sequence>()
        .add_message::<Paced>()
        .add_message::<SkipSequence>()
        .add_message::<NextStep>()
        .add_message::<RequestRedraw>()
        .add_systems(
            Update,
            (choose_the_pace, take_events, play_steps)
                .chain()
                .in_set(GameSystems::Pace),
        );
}

/// How fast pieces glide, effects fade and sequences play; the speed divides every duration.
#[derive(Resource, Debug, Clone, Copy)]
pub struct AnimationSpeed {
    pub speed: f32,
    /// Finish every animation at once, and show each action's result without pacing.
    pub skip: bool,
}

impl Default for AnimationSpeed {
    fn default() -> Self {
        AnimationSpeed {
            speed: 1.0,
            skip: false,
        }
    }
}

/// The table as shown: the rules state, or while a sequence plays, the state as far as it has
/// got. `None` before a game is dealt.
#[derive(Resource, Debug, Default)]
pub struct Shown(Option<GameState>);

impl Shown {
    pub fn get(&self) -> Option<&GameState> {
        self.0.as_ref()
    }
}

/// A rules event as the table shows it: in order, at the pace of the sequence.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct Paced(pub RulesEvent);

/// Space or a click during a sequence: show the rest at once.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct SkipSequence;

/// Space, Enter or a click while the threat phase waits for a key (`ThreatSteps`): the next
/// step.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct NextStep;

/// The steps still to show, and the time left on the one showing.
#[derive(Resource, Debug, Default)]
pub struct Sequence {
    steps: VecDeque<Step>,
    left: f32,
    played: usize,
    /// Hold after this many steps (a screenshot of a phase mid-sequence), until skipped.
    pub hold_after: Option<usize>,
    /// The threats acting in the step on show, which the table marks (readers could not tell
    /// which piece the phase had reached).
    acting: Vec<stp_rules::TokenId>,
    /// Every threat that has acted in a step shown so far in this sequence.
    acted: Vec<stp_rules::TokenId>,
    /// Each step waits for a key (`NextStep`) once it has had its time (`ThreatSteps`).
    by_key: bool,
    /// The step on show has not been answered by a key yet.
    key_pending: bool,
}

impl Sequence {
    /// The threats done for this sequence: each has acted in a step shown, acts in none of the
    /// steps still to come, and is not acting now. The table ticks them (read 39's readers of a
    /// threat phase half played could not tell which pieces had already moved and fired).
    pub fn done(&self) -> Vec<stp_rules::TokenId> {
        if !self.is_playing() {
            return Vec::new();
        }
        let later: Vec<stp_rules::TokenId> = self
            .remaining()
            .filter_map(RulesEvent::acting_threat)
            .collect();
        self.acted
            .iter()
            .copied()
            .filter(|t| !later.contains(t) && !self.acting.contains(t))
            .collect()
    }

    /// Whether a sequence is playing: the controls wait until it ends.
    pub fn is_playing(&self) -> bool {
        !self.steps.is_empty() || self.left > 0.0
    }

    /// Whether the sequence stopped at `hold_after`, or waits for a key.
    pub(crate) fn is_held(&self) -> bool {
        self.hold_after
            .is_some_and(|n| self.played >= n && !self.steps.is_empty())
            && self.left <= 0.0
            || self.awaits_key()
    }

    /// Whether each step waits for a key (the controls offer "Next step").
    pub fn by_key(&self) -> bool {
        self.by_key
    }

    /// Whether the step on show has had its time and waits for a key to go on.
    pub fn awaits_key(&self) -> bool {
        self.key_pending && self.left <= 0.0 && !self.steps.is_empty()
    }

    /// The events still to show in this sequence, in order (what the rim forecasts while a
    /// threat phase plays: `table::intent`).
    pub fn remaining(&self) -> impl Iterator<Item = &RulesEvent> {
        self.steps.iter().flat_map(|step| step.events.iter())
    }

    /// Steps shown so far in this sequence.
    pub fn played(&self) -> usize {
        self.played
    }

    /// The threats acting in the step on show, while the sequence plays.
    pub fn acting(&self) -> &[stp_rules::TokenId] {
        match self.is_playing() {
            true => &self.acting,
            false => &[],
        }
    }
}

/// Whether the steps wait for a key: the setting, and for `auto`, whether a screen reader has
/// asked for the accessibility tree.
fn choose_the_pace(
    settings: Option<Res<crate::game::settings::Settings>>,
    reader: Option<Res<bevy::a11y::AccessibilityRequested>>,
    mut sequence: ResMut<Sequence>,
) {
    let pace = settings.map_or(Default::default(), |s| s.threat_steps);
    let by_key = pace.by_key(reader.is_some_and(|r| r.get()));
    if sequence.by_key != by_key {
        sequence.by_key = by_key;
        sequence.key_pending &= by_key;
    }
}

/// A game started or loaded anew this frame: it ends any sequence.
#[derive(bevy::ecs::system::SystemParam)]
struct NewGames<'w, 's> {
    starts: MessageReader<'w, 's, StartGame>,
    loads: MessageReader<'w, 's, LoadGame>,
}

/// Takes this frame's rules events: those before a threat phase show at once, the threat phase
/// becomes a sequence. A new game or a load ends any sequence.
fn take_events(
    mut events: MessageReader<RulesEvent>,
    new_games: NewGames,
    state: Option<Res<GameState>>,
    speed: Res<AnimationSpeed>,
    mut sequence: ResMut<Sequence>,
    mut shown: ResMut<Shown>,
    mut paced: MessageWriter<Paced>,
) {
    let NewGames {
        mut starts,
        mut loads,
    } = new_games;
    let reset = starts.read().count() + loads.read().count() > 0;
    let Some(state) = state else {
        events.clear();
        if shown.0.is_some() {
            shown.0 = None;
        }
        return;
    };
    if reset {
        sequence.steps.clear();
        sequence.left = 0.0;
    }
    let batch: Vec<RulesEvent> = events.read().cloned().collect();
    if sequence.is_playing() {
        // Events that arrive while a sequence plays (a load ends it first) show after it.
        sequence.steps.extend(view::steps(batch));
        return;
    }
    let start = match speed.skip {
        true => None,
        false => batch.iter().position(view::opens_threat_phase),
    };
    let Some(start) = start else {
        paced.write_batch(batch.into_iter().map(Paced));
        if state.is_changed() || shown.0.is_none() {
            shown.0 = Some(state.clone());
        }
        return;
    };
    let shown = shown.0.get_or_insert_with(|| state.clone());
    for event in &batch[..start] {
        stp_rules::replay::show_event(shown, event, &state);
        paced.write(Paced(event.clone()));
    }
    sequence.steps = view::steps(batch[start..].iter().cloned()).into();
    sequence.played = 0;
    sequence.acting.clear();
    sequence.acted.clear();
}

/// What paces the threat phase's steps: the game paused, the clock at the table's speed, and
/// the keys that skip to the end or show the next step.
#[derive(bevy::ecs::system::SystemParam)]
struct StepPace<'w, 's> {
    paused: Option<Res<'w, crate::game::model::screen::Paused>>,
    time: Res<'w, Time>,
    speed: Res<'w, AnimationSpeed>,
    skips: MessageReader<'w, 's, SkipSequence>,
    next: MessageReader<'w, 's, NextStep>,
}

/// Shows the next step when the one before has had its time; at the end the table is the
/// rules state again.
fn play_steps(
    mut pace: StepPace,
    state: Option<Res<GameState>>,
    mut sequence: ResMut<Sequence>,
    mut shown: ResMut<Shown>,
    mut paced: MessageWriter<Paced>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let StepPace {
        paused,
        time,
        speed,
        skips,
        next,
    } = &mut pace;
    let skip = skips.read().count() > 0 || speed.skip;
    if !sequence.is_playing() || (paused.as_ref().is_some_and(|p| p.0) && !skip) {
        return;
    }
    let Some(state) = state else {
        *sequence = Sequence {
            hold_after: sequence.hold_after,
            ..Sequence::default()
        };
        return;
    };
    if skip {
        // The rest at once: the log gets every line, the table the rules state.
        sequence.hold_after = None;
        let rest: Vec<Step> = sequence.steps.drain(..).collect();
        paced.write_batch(rest.into_iter().flat_map(|s| s.events).map(Paced));
        sequence.left = 0.0;
        shown.0 = Some(state.clone());
        return;
    }
    // A key: the next step now, whether or not the one on show has had its time.
    if next.read().count() > 0 && sequence.by_key {
        sequence.key_pending = false;
        sequence.left = 0.0;
    }
    sequence.left -= time.delta_secs() * speed.speed.max(0.1);
    if sequence.is_held() {
        // Held, the clock stops: a key later shows one step, not the ones its wait paid for.
        sequence.left = sequence.left.max(0.0);
        return;
    }
    redraw.write(RequestRedraw);
    while sequence.left <= 0.0 && !sequence.is_held() {
        let Some(step) = sequence.steps.pop_front() else {
            sequence.left = 0.0;
            shown.0 = Some(state.clone());
            return;
        };
        sequence.played += 1;
        sequence.left += step.seconds;
        // A step that shows for no time (a new turn's start) is no place to wait.
        sequence.key_pending = sequence.by_key && step.seconds > 0.0;
        sequence.acting = step
            .events
            .iter()
            .filter_map(|e| e.acting_threat())
            .collect();
        for token in sequence.acting.clone() {
            if !sequence.acted.contains(&token) {
                sequence.acted.push(token);
            }
        }
        let view = shown.0.get_or_insert_with(|| state.clone());
        for event in step.events {
            stp_rules::replay::show_event(view, &event, &state);
            paced.write(Paced(event));
        }
    }
}

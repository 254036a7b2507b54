//! A save's actions are checked against its state (issue "Play across machines", Files): a
//! save whose actions do not lead to its game is refused, with which action and why, since a
//! host sends those actions to every table and "watch again" plays them. A save from a
//! scenario or a lesson carries the position its actions start from.

use stp_rules::files::{FileError, SaveFile};
use stp_rules::scenario::Scenario;
use stp_rules::*;

use crate::common::ActAndAdvance;
use crate::trust::mid_game_save;

/// A save reloaded from its text, as a file would be.
fn reloaded(save: &SaveFile) -> Result<SaveFile, FileError> {
    SaveFile::from_text(&save.to_text().expect("text"))
}

#[test]
fn a_saves_actions_that_do_not_lead_to_its_game_are_refused() {
    let save = mid_game_save();
    assert!(reloaded(&save).is_ok(), "an honest save loads");

    // One action less: the checksum is the state's, so only the replay can tell.
    let mut short = save.clone();
    short.actions.pop();
    let err = reloaded(&short).expect_err("refused");
    assert!(matches!(err, FileError::ActionsDisagree(_)), "{err}");
    assert!(err.to_string().contains("lead to another game"), "{err}");

    // A first action that the rules refuse there: named, with the rules' reason.
    let mut illegal = save.clone();
    illegal.actions[0] = PlayerAction {
        player: 5,
        action: Action::EndPhase,
    };
    let err = reloaded(&illegal).expect_err("refused");
    assert!(err.to_string().contains("action 1 of"), "{err}");
    assert!(err.to_string().contains("is illegal there"), "{err}");

    // Another game's setup under the same actions and state.
    let mut other_seed = save.clone();
    other_seed.options.seed += 1;
    assert!(matches!(
        reloaded(&other_seed),
        Err(FileError::ActionsDisagree(_))
    ));
}

/// A table autosaves where it stands, which may be part-way through a turn's automatic
/// phases: the check steps the rules phase by phase, so such a save loads.
#[test]
fn a_save_part_way_through_the_automatic_phases_loads() {
    let save = mid_game_save();
    let mut state = save.state.clone();
    let action = bot::choose(&state).expect("a move");
    state.act(action).expect("legal");
    // One automatic phase only, as a paced table may be when it saves.
    state.step();
    state.events_mut().clear();
    let mut actions = save.actions.clone();
    actions.push(action);
    let partway = SaveFile::new(&save.options, &actions, &state);
    assert!(reloaded(&partway).is_ok());
}

/// A game opened from a scenario keeps its start in the save: with it the actions check, and
/// without it they are refused (they do not start from the options' new game).
#[test]
fn a_scenario_games_save_carries_its_start() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/scenarios/table.ron");
    let (options, start) = Scenario::load(&path).expect("scenario");
    let mut state = start.clone();
    let mut actions = Vec::new();
    for _ in 0..6 {
        let Some(action) = bot::choose(&state) else {
            break;
        };
        state.act_and_advance(action).expect("legal");
        actions.push(action);
    }
    state.events_mut().clear();
    assert!(!actions.is_empty(), "the scenario plays on");
    let save = SaveFile::new(&options, &actions, &state).starting_from(Some(&start));
    let loaded = reloaded(&save).expect("loads from its start");
    assert_eq!(
        loaded.start.map(|s| s.state_hash()),
        Some(start.state_hash())
    );
    let without_start = SaveFile::new(&options, &actions, &state);
    assert!(matches!(
        reloaded(&without_start),
        Err(FileError::ActionsDisagree(_))
    ));
    // A save with no actions is its own start: any legal position loads (a lesson's, a
    // seat's public view of a game hosted elsewhere).
    assert!(reloaded(&SaveFile::new(&options, &[], &state)).is_ok());
}

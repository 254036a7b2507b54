//! The advisor: it plays only legal actions, repeats exactly for a seed and a rollout budget,
//! and never peeks: hidden orders (deck, bag, mission deck, future dice) do not change its
//! advice. The `hint` command prints it, for a file whose actions it can be appended to.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use stp_rules::advisor::{Budget, advise};
use stp_rules::scenario::Scenario;
use stp_rules::*;

use crate::cli::succeeds;
use crate::legal_actions::positions;
use crate::trust::scratch_dir;

/// A few positions with a real choice: the active player in Play Cards & Maneuver.
fn choices() -> Vec<GameState> {
    positions(23)
        .into_iter()
        .filter(|s| s.turn().phase == Phase::PlayAndManeuver && s.turn().window.is_none())
        .step_by(4)
        .take(6)
        .collect()
}

#[test]
fn the_advisor_advises_legal_actions_and_repeats_for_a_seed() {
    for state in choices() {
        let first = advise(&state, Budget::Rollouts(40), 9).expect("someone must act");
        assert_eq!(state.validate(&first.best.action), Ok(()));
        assert!(
            first.candidates.len() == 1 || first.candidates.iter().all(|c| c.rollouts > 0),
            "a candidate was never tried"
        );
        let again = advise(&state, Budget::Rollouts(40), 9).expect("someone must act");
        assert_eq!(first, again);
    }
}

/// Two games that differ only in what nobody can see get the same advice: the advisor
/// samples hidden orders from the public position, never reads them.
#[test]
fn the_advisor_does_not_peek_at_the_deck_bag_or_dice() {
    let mut checked = 0;
    for state in choices() {
        let mut other = state.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(77);
        other.deck_mut().shuffle(&mut rng);
        other.bag_mut().shuffle(&mut rng);
        other.mission_deck_mut().shuffle(&mut rng);
        *other.rng_mut() = ChaCha8Rng::seed_from_u64(12345);
        *other.forced_rolls_mut() = vec![6, 1, 3];
        if other.deck() == state.deck() && other.bag() == state.bag() {
            continue;
        }
        let a = advise(&state, Budget::Rollouts(30), 4).expect("advice");
        let b = advise(&other, Budget::Rollouts(30), 4).expect("advice");
        assert_eq!(a, b, "the advice changed with the hidden order");
        checked += 1;
    }
    assert!(
        checked >= 3,
        "only {checked} positions had hidden order to change"
    );
}

/// The bench's oracle is the same search seeing the real deck, bag and dice: where the fair
/// advisor's advice stays the same when the hidden order changes, the oracle's scores move
/// with it. It is a bound for measuring the Captain, offered only by `simulate --bot oracle`,
/// whose help says that it cheats.
#[test]
fn the_oracle_sees_the_hidden_order_and_says_it_cheats() {
    use stp_rules::advisor::{Sight, advise_seeing};
    let mut moved = 0;
    for state in choices() {
        let mut other = state.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(78);
        other.deck_mut().shuffle(&mut rng);
        other.bag_mut().shuffle(&mut rng);
        *other.rng_mut() = ChaCha8Rng::seed_from_u64(999);
        let a = advise_seeing(&state, Budget::Rollouts(30), 4, Sight::Clairvoyant).expect("advice");
        let b = advise_seeing(&other, Budget::Rollouts(30), 4, Sight::Clairvoyant).expect("advice");
        assert_eq!(state.validate(&a.best.action), Ok(()));
        let scores = |advice: &stp_rules::advisor::Advice| {
            advice
                .candidates
                .iter()
                .map(|c| c.score)
                .collect::<Vec<_>>()
        };
        moved += usize::from(scores(&a) != scores(&b));
    }
    assert!(
        moved > 0,
        "the oracle's scores never moved with the hidden order"
    );
    let help = String::from_utf8(succeeds(&["simulate", "--help"])).expect("utf-8");
    assert!(help.contains("oracle") && help.contains("CHEATS"), "{help}");
    let out = String::from_utf8(succeeds(&[
        "simulate", "--bot", "oracle", "--games", "2", "--json",
    ]))
    .expect("utf-8");
    assert!(out.contains("\"games\":2"), "{out}");
}

/// `hint FILE --json` on a scenario prints the action in scenario syntax: appended to the
/// file's actions, `replay` accepts the file.
#[test]
fn hint_prints_an_action_the_scenario_file_accepts() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/scenarios/table.ron");
    let out = succeeds(&["hint", path, "--json", "--rollouts", "30"]);
    let value: serde_json::Value = serde_json::from_slice(&out).expect("one JSON object");
    for key in ["player", "action", "words", "reason", "millis", "rollouts"] {
        assert!(value.get(key).is_some(), "no {key} in {value}");
    }
    let action = value["action"].as_str().expect("scenario syntax, as text");
    let text = std::fs::read_to_string(path).expect("read");
    let mut scenario = Scenario::from_text(&text).expect("scenario");
    scenario
        .actions
        .push(ron::from_str(action).expect("the action parses as a scenario action"));
    let dir = scratch_dir("hint");
    let appended = dir.join("appended.ron");
    std::fs::write(&appended, ron::to_string(&scenario).expect("ron")).expect("write");
    succeeds(&["replay", appended.to_str().expect("utf-8")]);
    // Plain text names the player and says why.
    let words = String::from_utf8(succeeds(&["hint", path, "--rollouts", "30"])).expect("utf-8");
    assert!(words.starts_with("Alice: "), "{words}");
    assert!(words.contains("possible futures"), "{words}");
}

/// A bad file, or none, gets a message and exit 2.
#[test]
fn hint_refuses_bad_files() {
    let dir = scratch_dir("hint-bad");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ not json").expect("write");
    for args in [
        vec!["hint", bad.to_str().expect("utf-8")],
        vec!["hint", "/no/such/file.ron"],
        vec!["hint"],
        vec!["hint", "x.ron", "--rollouts", "1", "--budget-ms", "5"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
            .args(&args)
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("error"),
            "{args:?}"
        );
    }
}

//! Whole-engine properties: invariants over seeded bot games, determinism, the ECS plugin,
//! the validator under random input, the content checks and the `simulate` command.

use bevy_app::App;
use bevy_ecs::message::Messages;
use stp_rules::content::{builtin, schema};
use stp_rules::sim::{fallback_action, game_seed, play_game};
use stp_rules::*;

use crate::common::*;

const PRESETS: [&str; 3] = ["cadet", "standard", "patrol"];

/// Design notes §4: 200 seeded bot games to the end; after every step each of the 62 cards
/// and 31 tokens is in exactly one place and every section is legal; every game terminates.
#[test]
fn two_hundred_bot_games_keep_every_invariant_and_end() {
    let mut outcomes = [0usize; 2];
    for index in 0..200u64 {
        let players = 1 + (index % 6) as usize;
        let preset = PRESETS[(index % 3) as usize];
        let options = GameOptions::quick(game_seed(2026, index), players, preset);
        let record = play_game(&options, true, false).expect("setup");
        assert_eq!(
            record.invariant_violations, 0,
            "game {index} ({players} players, {preset}): {:?}",
            record.first_violation
        );
        assert_eq!(record.refused, 0, "the bot was refused in game {index}");
        let outcome = record
            .outcome
            .unwrap_or_else(|| panic!("game {index} did not end in {} turns", record.turns));
        outcomes[usize::from(outcome != Outcome::Won)] += 1;
    }
    // The bot both wins and loses across these games: the endings are real, not one path.
    assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
}

/// A broken state is told in words, not a panic: a threat whose token the content lacks and a
/// token twice are each named (the invariants read states from files and from the network).
#[test]
fn invariants_name_a_token_that_does_not_exist_without_panicking() {
    let mut state = GameState::new(&GameOptions::quick(7, 2, "standard")).expect("setup");
    assert!(stp_rules::invariants::check(&state).is_empty());
    let twice = state.threats()[1].clone();
    let mut ghost = state.threats()[0].clone();
    ghost.token = 200;
    state.threats_mut().extend([ghost, twice.clone()]);
    let problems = stp_rules::invariants::check(&state);
    assert!(
        problems.contains(&"threat token 200 does not exist".to_string()),
        "{problems:?}"
    );
    let again = format!("threat token {} is in 2 places", twice.token);
    assert!(problems.contains(&again), "{problems:?}");
}

/// Determinism: the same seed and the same actions give the same final state hash.
#[test]
fn same_seed_and_actions_give_the_same_state_hash() {
    for index in 0..10u64 {
        let options = GameOptions::quick(game_seed(42, index), 3, "standard");
        let first = play_game(&options, false, true).expect("setup");
        let second = play_game(&options, false, true).expect("setup");
        assert_eq!(first.final_hash, second.final_hash);
        assert_eq!(first.actions, second.actions);

        // Replaying the recorded actions on a fresh game reaches the same hash.
        let mut state = GameState::new(&options).expect("setup");
        state.advance();
        for action in &first.actions {
            state.act(*action).expect("recorded action is legal");
            state.advance();
        }
        assert_eq!(state.state_hash(), first.final_hash);
    }
    let a = play_game(&GameOptions::quick(1, 3, "standard"), false, false).expect("setup");
    let b = play_game(&GameOptions::quick(2, 3, "standard"), false, false).expect("setup");
    assert_ne!(a.final_hash, b.final_hash, "different seeds should differ");
}

/// A quiet state (simulated games, the advisor's rollouts) plays exactly the game a loud one
/// does, step by step, and keeps only the events the simulator's tally reads.
#[test]
fn a_quiet_state_plays_the_same_game_and_keeps_only_the_tallied_events() {
    let tallied = |e: &RulesEvent| {
        matches!(
            e,
            RulesEvent::MissionRevealed { .. }
                | RulesEvent::MissionCompleted { .. }
                | RulesEvent::MissionFailed { .. }
                | RulesEvent::AbilityUsed { .. }
        )
    };
    let mut compared = 0;
    for (index, (preset, players)) in [("standard", 4), ("admiral", 6), ("cadet", 1), ("ensign", 3)]
        .into_iter()
        .enumerate()
    {
        let options = GameOptions::quick(game_seed(7, index as u64), players, preset);
        let mut loud = GameState::new(&options).expect("setup");
        // Quiet from the deal on, as the simulator deals its games: the same deal.
        let mut quiet = GameState::new_quiet(&options).expect("setup");
        assert!(quiet.is_quiet());
        assert_eq!(loud.state_hash(), quiet.state_hash(), "{preset}: the deal");
        let mut step = 0;
        loop {
            loud.advance();
            quiet.advance();
            assert_eq!(
                loud.state_hash(),
                quiet.state_hash(),
                "{preset}: step {step}"
            );
            let kept: Vec<RulesEvent> = loud.drain_events().into_iter().filter(tallied).collect();
            assert_eq!(quiet.drain_events(), kept, "{preset}: step {step}");
            compared += 1;
            let Some(action) = bot::choose(&loud) else {
                break;
            };
            assert!(step < 5_000, "{preset}: the game did not end");
            loud.act(action).expect("the bot plays legal actions");
            quiet.act(action).expect("the same action is legal");
            step += 1;
        }
        assert!(loud.is_over(), "{preset}: the game ended");
    }
    assert!(compared > 200, "only {compared} steps compared");
}

/// Golden values: if `rand`/`rand_chacha` ever change their shuffles or ranges, saved games
/// and replays would break; this catches it.
#[test]
fn seed_42_gives_the_recorded_setup() {
    let state = GameState::new(&GameOptions::quick(42, 2, "standard")).expect("setup");
    let top_of_deck: Vec<u8> = state.deck().iter().rev().take(5).copied().collect();
    let first_hand = state.players()[0].hand.clone();
    let placed: Vec<(u8, u8)> = state
        .threats()
        .iter()
        .map(|t| (t.token, t.pos.sector))
        .collect();
    let golden = format!(
        "{top_of_deck:?} {first_hand:?} {placed:?} {:?}",
        state.mission_deck()
    );
    assert_eq!(
        golden, GOLDEN_SEED_42,
        "seed 42 no longer gives the same setup"
    );
}

const GOLDEN_SEED_42: &str = include_str!("golden_seed_42.txt");

fn ecs_app(options: &GameOptions) -> App {
    let mut app = App::new();
    app.add_plugins(RulesPlugin);
    app.world_mut()
        .resource_mut::<Messages<StartGame>>()
        .write(StartGame(options.clone()));
    app.update();
    app
}

/// Runs frames until the rules wait for a player (the phase systems advance a lap a frame).
fn settle(app: &mut App) {
    for _ in 0..8 {
        app.update();
        let state = app.world().resource::<GameState>();
        if state.awaits_players() || state.is_over() {
            return;
        }
    }
}

/// One system per phase drives the same game as the simulator's loop over the same phase
/// functions: equal hashes after a whole bot game played through messages.
#[test]
fn ecs_phase_systems_play_the_same_game_as_the_simulator() {
    let options = GameOptions::quick(7, 2, "cadet");
    let record = play_game(&options, false, true).expect("setup");
    let mut app = ecs_app(&options);
    settle(&mut app);
    for action in &record.actions {
        app.world_mut()
            .resource_mut::<Messages<PlayerAction>>()
            .write(*action);
        settle(&mut app);
        let refused = app.world().resource::<Messages<ActionRefused>>();
        assert!(refused.is_empty(), "the ECS refused a recorded action");
    }
    let state = app.world().resource::<GameState>();
    assert!(state.is_over());
    assert_eq!(state.state_hash(), record.final_hash);
}

/// An illegal action sent as a message comes back refused with its reason, state untouched.
#[test]
fn ecs_refuses_illegal_actions_with_a_reason() {
    let mut app = ecs_app(&GameOptions::quick(3, 2, "cadet"));
    settle(&mut app);
    let before = app.world().resource::<GameState>().state_hash();
    let wrong = PlayerAction {
        player: 1,
        action: Action::EndPhase,
    };
    app.world_mut()
        .resource_mut::<Messages<PlayerAction>>()
        .write(wrong);
    app.update();
    let refused: Vec<ActionRefused> = app
        .world_mut()
        .resource_mut::<Messages<ActionRefused>>()
        .drain()
        .collect();
    assert_eq!(
        refused,
        vec![ActionRefused {
            action: wrong,
            reason: Refusal::NotYourTurn { active: 0 }
        }]
    );
    assert_eq!(app.world().resource::<GameState>().state_hash(), before);
}

/// Undo (design notes §3) through the ECS: the first action after a turn starts can be taken
/// back even when it arrives in the very next frame (a reactive window updates only on
/// input), since what the turn start revealed ends the history when it is published, not
/// when a later frame reads it.
#[test]
fn ecs_undo_takes_back_the_first_action_after_a_turn_start() {
    let mut app = ecs_app(&GameOptions::quick(30, 1, "patrol"));
    let state = app.world().resource::<GameState>().clone();
    assert!(state.awaits_players());
    let maneuver = state
        .legal_actions(0)
        .into_iter()
        .find(|a| matches!(a.action, Action::Maneuver(_)))
        .expect("a maneuver");
    app.world_mut().write_message(maneuver);
    app.update();
    assert_ne!(
        app.world().resource::<GameState>().state_hash(),
        state.state_hash()
    );
    app.world_mut().write_message(UndoRequest { player: 0 });
    app.update();
    assert_eq!(
        app.world().resource::<GameState>().state_hash(),
        state.state_hash()
    );
}

/// A bad setup is reported, not a crash.
#[test]
fn ecs_reports_a_bad_setup() {
    let mut app = ecs_app(&GameOptions::quick(3, 9, "cadet"));
    app.update();
    assert!(app.world().get_resource::<GameState>().is_none());
    let failures: Vec<SetupFailed> = app
        .world_mut()
        .resource_mut::<Messages<SetupFailed>>()
        .drain()
        .collect();
    assert_eq!(failures.len(), 1);
    assert!(failures[0].0.contains("1–6 players"), "{failures:?}");
}

/// A tiny portable generator for random actions (the test must not depend on the engine's).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n.max(1)
    }
}

fn random_action(rng: &mut Lcg, state: &GameState) -> PlayerAction {
    let card = rng.next(70) as u8;
    let token = rng.next(35) as u8;
    let player = rng.next(8) as u8;
    let section = SectionRef {
        kind: if rng.next(2) == 0 {
            SectionKind::Shield
        } else {
            SectionKind::Hull
        },
        facing: rng.next(8) as u8,
    };
    let target = match rng.next(7) {
        0 => Target::None,
        1 => Target::Threat(token),
        2 => Target::Shift(token, Rotation::Clockwise),
        3 => Target::Section(section),
        4 => Target::Facing(rng.next(8) as u8),
        5 => Target::Discard(card),
        _ => Target::Threat(state.threats().first().map_or(token, |t| t.token)),
    };
    let action = match rng.next(15) {
        0 => Action::EndPhase,
        1 => Action::Trade {
            with: player,
            give: card,
            take: rng.next(70) as u8,
        },
        2 | 3 => Action::PlayCard {
            card,
            target,
            with: (rng.next(3) == 0).then(|| rng.next(70) as u8),
            shift: match rng.next(4) {
                0 => Some(RangeShift::Nearer),
                1 => Some(RangeShift::Farther),
                _ => None,
            },
        },
        4 => Action::Commit {
            card,
            as_medical: rng.next(2) == 0,
        },
        5 => Action::Maneuver(match rng.next(3) {
            0 => ManeuverKind::Clockwise,
            1 => ManeuverKind::CounterClockwise,
            _ => ManeuverKind::Forward,
        }),
        6 => Action::RollForMission,
        7 => Action::Repair(section),
        8 => Action::TakeCard { from: player, card },
        9 => Action::PlaySecurityTeam { card },
        10 => Action::ResolveBoarding,
        11 => Action::ChooseThreats {
            first: token,
            second: rng.next(35) as u8,
        },
        12 => Action::Discard { card },
        13 => Action::Redraw { card },
        _ => {
            // A card really in the active hand, so plays get past the first checks.
            let hand = &state.players()[state.turn().active as usize].hand;
            let card = hand
                .get(rng.next(hand.len() as u64) as usize)
                .copied()
                .unwrap_or(card);
            Action::PlayCard {
                card,
                target,
                with: None,
                shift: None,
            }
        }
    };
    PlayerAction {
        player: if rng.next(4) == 0 {
            player
        } else {
            state.turn().active
        },
        action,
    }
}

/// Nothing panics on any action sequence; every refusal leaves the state untouched; the
/// invariants hold throughout.
#[test]
fn random_action_sequences_never_panic_or_corrupt_the_state() {
    let mut rng = Lcg(99);
    let mut accepted = 0;
    let mut refused = 0;
    for game in 0..40u64 {
        let players = 1 + (game % 6) as usize;
        let mut state = GameState::new(&GameOptions::quick(
            game,
            players,
            PRESETS[(game % 3) as usize],
        ))
        .expect("setup");
        state.advance();
        for _ in 0..400 {
            if state.is_over() {
                break;
            }
            let action = random_action(&mut rng, &state);
            let before = state.state_hash();
            match state.act(action) {
                Ok(()) => accepted += 1,
                Err(_) => {
                    refused += 1;
                    assert_eq!(
                        state.state_hash(),
                        before,
                        "refused {action:?} changed the state"
                    );
                    // Keep the game moving now and then.
                    if rng.next(6) == 0 {
                        state
                            .act(fallback_action(&state))
                            .expect("fallback is legal");
                    }
                }
            }
            state.advance();
            assert_invariants(&state);
        }
    }
    assert!(
        accepted > 100 && refused > 100,
        "{accepted} accepted, {refused} refused"
    );
}

/// The six data files as shipped, named as in error messages.
pub(crate) fn builtin_sources() -> Vec<(String, String)> {
    [
        "cards",
        "threats",
        "characters",
        "mission_tokens",
        "missions",
        "presets",
    ]
    .iter()
    .map(|name| {
        let path = format!("{}/assets/{name}.ron", env!("CARGO_MANIFEST_DIR"));
        (
            format!("assets/{name}.ron"),
            std::fs::read_to_string(path).expect("asset"),
        )
    })
    .collect()
}

pub(crate) fn load(files: &[(String, String)]) -> Result<schema::ContentData, Vec<String>> {
    schema::load(&schema::Sources::in_order(std::array::from_fn(|i| {
        (files[i].0.as_str(), files[i].1.as_str())
    })))
}

/// The shipped data has the rulebook's counts: 62 cards, 31 tokens, 7 characters.
#[test]
fn content_has_62_cards_31_tokens_7_characters() {
    let content = builtin();
    assert_eq!(content.cards.len(), 62);
    assert_eq!(content.threats.len(), 31);
    assert_eq!(content.characters.len(), 7);
    assert!(load(&builtin_sources()).is_ok());
}

/// A bad data file is refused naming the file and the entry (the same check runs in build.rs).
#[test]
fn bad_content_is_refused_naming_file_and_entry() {
    let cases: [(usize, &str, &str, &str); 5] = [
        (
            0,
            "damage: 2",
            "damage: 0",
            "`photon_torpedoes` is a Hit card that deals no damage",
        ),
        (
            1,
            "count: 10",
            "count: 11",
            "assets/threats.ron: the bag has 32 tokens",
        ),
        (
            4,
            "token: \"distress_beacon\", range: Long",
            "token: \"no_such_token\", range: Long",
            "`distress_signal` places unknown mission token `no_such_token`",
        ),
        (
            5,
            "\"outpost_defense\"]",
            "\"outpost_raid\"]",
            "`cadet` names unknown mission `outpost_raid`",
        ),
        (
            0,
            "effect: DirectHit",
            "effect: Teleport",
            "assets/cards.ron",
        ),
    ];
    for (file, from, to, expected) in cases {
        let mut files = builtin_sources();
        assert!(
            files[file].1.contains(from),
            "fixture text `{from}` not found"
        );
        files[file].1 = files[file].1.replacen(from, to, 1);
        let errors = load(&files).expect_err("bad content must be refused");
        assert!(
            errors.iter().any(|e| e.contains(expected)),
            "expected `{expected}` in {errors:?}"
        );
    }
}

/// `simulate --json` prints one object with the agreed fields.
#[test]
fn simulate_json_reports_the_agreed_fields() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
        .args([
            "simulate",
            "--games",
            "30",
            "--players",
            "3",
            "--preset",
            "cadet",
            "--seed",
            "5",
            "--json",
        ])
        .output()
        .expect("run the binary");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    for key in [
        "games",
        "wins",
        "losses",
        "win_rate",
        "mean_turns",
        "games_per_second",
        "losses_by_cause",
        "invariant_violations",
        "seed",
        "preset",
        "players",
    ] {
        assert!(json.get(key).is_some(), "missing `{key}` in {json}");
    }
    assert_eq!(json["games"], 30);
    assert_eq!(json["invariant_violations"], 0);
    assert_eq!(json["preset"], "cadet");
    assert_eq!(json["players"], 3);
    assert_eq!(json["seed"], 5);
    let wins = json["wins"].as_u64().unwrap_or(0);
    let losses = json["losses"].as_u64().unwrap_or(0);
    assert_eq!(wins + losses, 30, "every simulated game ends");
    assert!(json["losses_by_cause"].is_object());
}

/// Bad command lines are refused with a message, not a panic.
#[test]
fn simulate_refuses_bad_arguments() {
    for args in [
        vec!["simulate", "--players", "9"],
        vec!["simulate", "--preset", "nonsense", "--games", "1"],
        vec!["simulate", "--games", "many"],
        vec!["simulate", "--frobnicate"],
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
            .args(&args)
            .output()
            .expect("run the binary");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("error"),
            "{args:?}"
        );
    }
}

/// A saved game goes back on the table through the rules' `LoadGame`; accepted actions are
/// reported so the presentation can record them for saves and replays.
#[test]
fn ecs_loads_saved_games_and_reports_accepted_actions() {
    let options = GameOptions::quick(21, 2, "cadet");
    let mut app = ecs_app(&options);
    settle(&mut app);
    let action = PlayerAction {
        player: 0,
        action: Action::EndPhase,
    };
    app.world_mut()
        .resource_mut::<Messages<PlayerAction>>()
        .write(action);
    app.update();
    let accepted: Vec<ActionAccepted> = app
        .world_mut()
        .resource_mut::<Messages<ActionAccepted>>()
        .drain()
        .collect();
    assert_eq!(accepted, vec![ActionAccepted(action)]);

    let mut other = GameState::new(&GameOptions::quick(99, 3, "standard")).expect("setup");
    other.advance();
    let hash = other.state_hash();
    app.world_mut()
        .resource_mut::<Messages<LoadGame>>()
        .write(LoadGame(Box::new(other)));
    app.update();
    let state = app.world().resource::<GameState>();
    assert_eq!(state.state_hash(), hash);
    assert_eq!(state.players().len(), 3);
}

/// Every one-player game ends. A lone player once looped forever against a threat parked
/// where no card in hand reached it (a Koloth in a shielded Short Range facing, cloaking
/// Klingons): the bot kept a legal but unwanted card (Evasive Maneuvers, Time Travel), so
/// ruling R1's discard never came, and never turned to bring a Hit card to bear. The game
/// is not a dead end of the rules: spending the card or turning the ship moves it on.
#[test]
fn one_player_bot_games_all_end() {
    for preset in ["cadet", "ensign", "patrol"] {
        for index in 0..3000 {
            let options = GameOptions::quick(game_seed(1, index), 1, preset);
            let record = play_game(&options, false, false).expect("setup");
            assert!(
                record.outcome.is_some(),
                "{preset} game {index} (seed {}) did not end in {} turns",
                options.seed,
                record.turns
            );
        }
    }
}

//! Games players can trust: saves that refuse bad files, replays that reproduce games,
//! scenarios from the rulebook's worked examples, and undo up to information boundaries.

use stp_rules::files::{FileError, ReplayFile, SaveFile, hash_text, write_atomically};
use stp_rules::report::report;
use stp_rules::scenario::Scenario;
use stp_rules::sim::{game_seed, play_game};
use stp_rules::undo::UndoHistory;
use stp_rules::*;

use crate::common::*;

/// A fresh, empty folder under the system's temporary directory for one test.
pub(crate) fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("stp-tests-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// How many temporary files a write left in `dir`.
fn temporary_files(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .expect("dir")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        })
        .count()
}

pub(crate) fn mid_game_save() -> SaveFile {
    let options = GameOptions::quick(11, 3, "standard");
    let record = play_game(&options, false, true).expect("setup");
    let mut state = GameState::new(&options).expect("setup");
    state.advance();
    let actions = &record.actions[..record.actions.len() / 2];
    for action in actions {
        state.act(*action).expect("legal");
        state.advance();
    }
    state.events_mut().clear();
    SaveFile::new(&options, actions, &state)
}

/// A save round-trips exactly: the loaded state hashes like the saved one and plays on.
#[test]
fn save_and_load_round_trip_the_whole_game() {
    let dir = scratch_dir("roundtrip");
    let save = mid_game_save();
    let path = dir.join("game.json");
    save.write(&path).expect("write");
    let loaded = SaveFile::load(&path).expect("load");
    assert_eq!(loaded.state.state_hash(), save.state.state_hash());
    assert_eq!(loaded.actions, save.actions);
    // The generator's position travelled too: both continue identically.
    let (mut a, mut b) = (save.state.clone(), loaded.state);
    for _ in 0..50 {
        let Some(action) = bot::choose(&a) else { break };
        a.act_and_advance(action).expect("legal");
        b.act_and_advance(action)
            .expect("legal in the loaded game too");
    }
    assert_eq!(a.state_hash(), b.state_hash());
    let temps = temporary_files(&dir);
    assert_eq!(temps, 0, "the temporary file is renamed away");
}

/// Truncated, garbage, mutated, foreign and newer files are refused with a message; none
/// panics; a good save beside them is left unchanged.
#[test]
fn bad_save_files_are_refused_and_never_replace_a_good_one() {
    let dir = scratch_dir("bad");
    let good = mid_game_save();
    let good_path = dir.join("good.json");
    good.write(&good_path).expect("write");
    let good_text = std::fs::read_to_string(&good_path).expect("read");

    let mut bad: Vec<(String, String)> = vec![
        ("empty".into(), String::new()),
        ("garbage".into(), "\u{1F596} live long and prosper".into()),
        (
            "binary".into(),
            String::from_utf8_lossy(&[0, 159, 146, 150, 7, 0]).into(),
        ),
        ("json but not ours".into(), r#"{"hello": "world"}"#.into()),
        (
            "a replay, not a save".into(),
            ReplayFile::new(&good.options, &good.actions, 1)
                .to_text()
                .expect("serializes"),
        ),
        (
            "newer".into(),
            good_text.replacen("\"version\": 1", "\"version\": 99", 1),
        ),
        (
            "foreign".into(),
            good_text.replacen(files::SAVE_FORMAT, "tricorder-log", 1),
        ),
    ];
    for cut in [
        1,
        10,
        good_text.len() / 3,
        good_text.len() / 2,
        good_text.len() - 2,
    ] {
        bad.push((format!("truncated at {cut}"), good_text[..cut].to_string()));
    }
    // Mutations: change a digit, a value, a section; each must fail the checksum or checks.
    let mut rng = 12345u64;
    for i in 0..40 {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let bytes: Vec<(usize, char)> = good_text
            .char_indices()
            .filter(|(_, c)| c.is_ascii_digit())
            .collect();
        let (at, digit) = bytes[(rng >> 33) as usize % bytes.len()];
        let replacement = if digit == '9' {
            '0'
        } else {
            (digit as u8 + 1) as char
        };
        let mut text = good_text.clone();
        text.replace_range(at..at + 1, &replacement.to_string());
        bad.push((format!("mutation {i} at byte {at}"), text));
    }
    bad.push((
        "section swapped".into(),
        good_text.replacen("Intact", "Destroyed", 1),
    ));
    for (name, text) in &bad {
        let path = dir.join("candidate.json");
        std::fs::write(&path, text).expect("write candidate");
        match SaveFile::load(&path) {
            Ok(loaded) => {
                // A mutation may land on a field outside the game's identity (e.g. the
                // format's own pretty-printing); then the game itself must be unchanged.
                assert_eq!(
                    loaded.state.state_hash(),
                    good.state.state_hash(),
                    "{name}: a changed game was accepted"
                );
            }
            Err(err) => assert!(!err.to_string().is_empty(), "{name}: empty message"),
        }
    }
    assert_eq!(
        std::fs::read_to_string(&good_path).expect("read"),
        good_text
    );
    assert!(SaveFile::load(&good_path).is_ok());
}

#[test]
fn newer_and_foreign_saves_say_so() {
    let good = mid_game_save().to_text().expect("serializes");
    let newer = good.replacen("\"version\": 1", "\"version\": 7", 1);
    assert_eq!(
        SaveFile::from_text(&newer).map(|_| ()),
        Err(FileError::NewerVersion { found: 7 })
    );
    let err = SaveFile::from_text("not json at all")
        .map(|_| ())
        .unwrap_err();
    assert!(
        err.to_string().contains("not a star-trek-panic-save file"),
        "{err}"
    );
    let truncated = &good[..good.len() / 2];
    assert!(matches!(
        SaveFile::from_text(truncated),
        Err(FileError::Corrupt(_))
    ));
}

/// An atomic write over an existing file leaves either the old or the new contents.
#[test]
fn saves_are_written_atomically() {
    let dir = scratch_dir("atomic");
    let path = dir.join("slot.json");
    write_atomically(&path, "old").expect("write");
    write_atomically(&path, "new").expect("write");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
    let leftovers: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
}

/// A write that fails returns the error and leaves what it would have replaced as it was,
/// with no temporary file behind: here the destination is a folder with a file in it, so
/// the rename cannot land; and a path under a plain file cannot be written at all.
#[test]
fn a_failed_write_leaves_the_old_save_intact() {
    let dir = scratch_dir("failed-write");
    let path = dir.join("slot.json");
    let old = mid_game_save();
    old.write(&path).expect("write");
    let old_text = std::fs::read_to_string(&path).expect("read");

    let taken = dir.join("taken.json");
    std::fs::create_dir(&taken).expect("a folder");
    std::fs::write(taken.join("keep.txt"), "kept").expect("a file in it");
    let err = old.write(&taken).expect_err("a folder is not replaced");
    assert!(matches!(err, FileError::Io(_)), "{err:?}");
    assert!(err.to_string().contains("taken.json"), "{err}");
    assert_eq!(
        std::fs::read_to_string(taken.join("keep.txt")).expect("read"),
        "kept"
    );
    let temps = temporary_files(&dir);
    assert_eq!(temps, 0, "the temporary file is removed");

    let under_a_file = path.join("inner.json");
    let err = old
        .write(&under_a_file)
        .expect_err("a file is not a folder");
    assert!(matches!(err, FileError::Io(_)), "{err:?}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), old_text);
    assert!(SaveFile::load(&path).is_ok(), "the old save still loads");
}

/// A link planted where a save's temporary file once went (`NAME.tmp`) is not followed: the
/// temporary name is fresh and made exclusively, so the file the link points at is
/// untouched; and what is written is readable by its owner only.
#[cfg(unix)]
#[test]
fn a_write_never_follows_a_planted_link() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch_dir("planted-link");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "mine").expect("the victim");
    let path = dir.join("slot.json");
    std::os::unix::fs::symlink(&victim, dir.join("slot.json.tmp")).expect("a planted link");
    write_atomically(&path, "the save").expect("write");
    assert_eq!(std::fs::read_to_string(&victim).expect("read"), "mine");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "the save");
    let mode = std::fs::metadata(&path)
        .expect("metadata")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600, "{mode:o}");
}

/// A file far larger than any the game writes is refused with a message, not read whole.
#[test]
fn an_oversized_file_is_refused_with_a_message() {
    let dir = scratch_dir("oversized");
    let path = dir.join("huge.json");
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(stp_rules::files::MAX_FILE_BYTES + 10)
        .expect("a sparse file");
    let err = SaveFile::load(&path).expect_err("too big");
    assert!(err.to_string().contains("larger than 16 MiB"), "{err}");
    let err = stp_rules::files::ReplayFile::load(&path).expect_err("too big");
    assert!(err.to_string().contains("larger than 16 MiB"), "{err}");
}

/// The file and setup errors are `std::error::Error`s whose messages read as before they
/// were derived with `thiserror`.
#[test]
fn file_and_setup_errors_keep_their_messages() {
    let cases: Vec<(FileError, &str)> = vec![
        (
            FileError::Io("denied".into()),
            "cannot read or write the file: denied",
        ),
        (
            FileError::Unwritable("key must be a string".into()),
            "the game cannot be written as a file: key must be a string",
        ),
        (
            FileError::Corrupt("EOF".into()),
            "the file is damaged or incomplete: EOF",
        ),
        (
            FileError::Foreign {
                found: "tricorder-log".into(),
                expected: files::SAVE_FORMAT,
            },
            "this is not a star-trek-panic-save file (it says `tricorder-log`)",
        ),
        (
            FileError::NewerVersion { found: 7 },
            "the file was written by a newer version (format 7; this game reads up to 1); \
             update the game to open it",
        ),
        (
            FileError::HashMismatch,
            "the file's contents do not match its checksum: it was altered or damaged",
        ),
        (
            FileError::Inconsistent("two Kirks".into()),
            "the saved game is not a legal table: two Kirks",
        ),
        (
            FileError::Setup(SetupError::PlayerCount(9)),
            "the game cannot be set up: Star Trek Panic needs 1–6 players, not 9",
        ),
        (
            FileError::IllegalAction {
                index: 4,
                reason: Refusal::NotYourTurn { active: 1 },
            },
            "action 4 is illegal: it is player 2's turn",
        ),
        (
            FileError::ReplayDiverged {
                expected: "00000000000000aa".into(),
                actual: "00000000000000bb".into(),
            },
            "the replay ends in state 00000000000000bb, not the recorded 00000000000000aa",
        ),
    ];
    for (err, message) in cases {
        let as_error: &dyn std::error::Error = &err;
        assert_eq!(as_error.to_string(), message);
    }
    let setup: Vec<(SetupError, &str)> = vec![
        (
            SetupError::PlayerCount(0),
            "Star Trek Panic needs 1–6 players, not 0",
        ),
        (
            SetupError::UnknownCharacter("q".into()),
            "unknown character `q`",
        ),
        (
            SetupError::CharacterTwice("spock".into()),
            "character `spock` is chosen twice",
        ),
    ];
    for (err, message) in setup {
        let as_error: &dyn std::error::Error = &err;
        assert_eq!(as_error.to_string(), message);
    }
    let unknown = GameState::new(&GameOptions::quick(1, 2, "warp-11")).unwrap_err();
    assert_eq!(unknown, SetupError::UnknownPreset("warp-11".into()));
    let names: Vec<&str> = content::builtin()
        .presets
        .iter()
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(
        unknown.to_string(),
        format!("unknown preset `warp-11` (presets: {})", names.join(", "))
    );
    assert!(
        unknown.to_string().contains("cadet, ensign, standard"),
        "{unknown}"
    );
}

/// Recorded simulator games replay to the same hashes.
/// A player's name stands at the table only if it shows plainly and fits a seat's title
/// (`../shared/reviews/network-security-2.md` N9: a host's names reached the guests as they
/// were): setup refuses it with why, and a save or a host's state holding one is refused
/// too, so no name can pass for another player's in the talk.
#[test]
fn a_player_name_that_does_not_show_plainly_is_refused() {
    let with_name = |name: &str| GameOptions {
        players: vec![(name.to_string(), None), ("Bo".into(), None)],
        ..GameOptions::quick(1, 2, "cadet")
    };
    for (name, why) in [
        ("", "a player's name is empty"),
        ("   ", "a player's name is empty"),
        (
            "Ada\u{202E}nimda",
            "the name `Adanimda` holds a character that does not show plainly (U+202E)",
        ),
        (
            "Ada\u{7}",
            "the name `Ada` holds a character that does not show plainly (U+0007)",
        ),
        (
            "Abcdefghijklmnopqrstuvwxyz",
            "the name `Abcdefghijkl…` is 26 characters long: at most 24",
        ),
    ] {
        assert_eq!(
            GameState::new(&with_name(name)).unwrap_err().to_string(),
            why,
            "{name:?}"
        );
    }
    assert!(GameState::new(&with_name("Nyota Uhura-Ngozi Aalto")).is_ok());
    // A state that holds such a name (a save, a host's welcome) is not a legal table.
    let mut state = GameState::new(&with_name("Ada")).expect("deals");
    state.players_mut()[0].name = "Ada\u{2066}".into();
    let problem = files::check_table(&state).unwrap_err();
    assert!(
        problem.contains("does not show plainly (U+2066)"),
        "{problem}"
    );
}

/// A state whose turn counters lie beyond what a game can reach (a hostile host's, an edited
/// save: `../shared/reviews/network-security-2.md` F14) is not a legal table, and the rules'
/// own counting saturates where it did overflow in a debug build.
#[test]
fn turn_counters_out_of_the_games_bounds_are_refused_and_never_overflow() {
    let legal = GameState::new(&GameOptions::quick(5, 2, "cadet")).expect("deals");
    assert_eq!(files::check_table(&legal), Ok(()));
    type Change = fn(&mut GameState);
    let cases: [(&str, Change); 5] = [
        ("extra maneuvers", |s| s.turn_mut().extra_maneuvers = 255),
        ("maneuvers", |s| s.turn_mut().maneuvers = 9),
        ("trades", |s| s.turn_mut().trades = 200),
        ("idle turns", |s| s.turn_mut().idle_turns = u32::MAX),
        ("turn number", |s| s.turn_mut().number = u32::MAX),
    ];
    for (what, change) in cases {
        let mut state = legal.clone();
        change(&mut state);
        let problem = files::check_table(&state).expect_err(what);
        assert!(
            problem.starts_with("the turn's counters are out of the game's bounds"),
            "{what}: {problem}"
        );
        // Read or counted on, nothing panics.
        let _ = state.maneuver_allowance();
        let _ = state.legal_actions(state.turn().active);
    }
}

#[test]
fn recorded_simulator_games_replay_to_the_same_hash() {
    for index in 0..12u64 {
        let options =
            GameOptions::quick(game_seed(77, index), 1 + (index % 6) as usize, "standard");
        let record = play_game(&options, false, true).expect("setup");
        let replay = ReplayFile::new(&options, &record.actions, record.final_hash);
        let parsed = ReplayFile::from_text(&replay.to_text().expect("serializes")).expect("parse");
        let (state, result) = parsed.run();
        assert_eq!(result, Ok(()));
        assert_eq!(state.map(|s| s.state_hash()), Some(record.final_hash));
    }
}

/// A replay whose action is illegal, or whose hash differs, says where and why.
#[test]
fn broken_replays_name_the_action_and_the_reason() {
    let options = GameOptions::quick(5, 2, "cadet");
    let record = play_game(&options, false, true).expect("setup");
    let mut actions = record.actions.clone();
    actions.insert(
        3,
        PlayerAction {
            player: 1,
            action: Action::EndPhase,
        },
    );
    let (_, result) = ReplayFile::new(&options, &actions, record.final_hash).run();
    assert_eq!(
        result,
        Err(FileError::IllegalAction {
            index: 3,
            reason: Refusal::NotYourTurn { active: 0 }
        })
    );
    let (_, result) = ReplayFile::new(&options, &record.actions, record.final_hash ^ 1).run();
    assert!(matches!(result, Err(FileError::ReplayDiverged { .. })));
}

/// Replay files too: garbage, truncation and mutation are refused, never a panic.
#[test]
fn bad_replay_files_are_refused() {
    let options = GameOptions::quick(8, 3, "cadet");
    let record = play_game(&options, false, true).expect("setup");
    let text = ReplayFile::new(&options, &record.actions, record.final_hash)
        .to_text()
        .expect("serializes");
    for cut in [0, 5, text.len() / 2, text.len() - 1] {
        assert!(ReplayFile::from_text(&text[..cut]).is_err());
    }
    for (i, (at, c)) in text
        .char_indices()
        .filter(|(_, c)| c.is_ascii_digit())
        .enumerate()
    {
        if i % 7 != 0 {
            continue;
        }
        let mut bad = text.clone();
        bad.replace_range(at..at + 1, if c == '1' { "2" } else { "1" });
        if let Ok(replay) = ReplayFile::from_text(&bad) {
            // Parsed: it must then fail to match, or be the very same game.
            let (_, result) = replay.run();
            if result.is_ok() {
                assert_eq!(replay.final_hash, hash_text(record.final_hash));
            }
        }
    }
}

/// The `replay` command: exit 0 on a match, 1 with the index and reason otherwise.
#[test]
fn replay_command_reports_matches_and_mismatches() {
    let dir = scratch_dir("cli");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
        .args(["simulate", "--games", "2", "--preset", "cadet", "--record"])
        .arg(&dir)
        .output()
        .expect("run");
    assert!(status.status.success());
    let file = dir.join("game-00000.json");
    let run = |path: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
            .arg("replay")
            .arg(path)
            .arg("--json")
            .output()
            .expect("run")
    };
    let ok = run(&file);
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&ok.stdout).expect("json");
    assert_eq!(json["matches"], true);

    let mut replay = ReplayFile::load(&file).expect("load");
    replay.actions.insert(
        0,
        PlayerAction {
            player: 3,
            action: Action::EndPhase,
        },
    );
    let broken = dir.join("broken.json");
    replay.write(&broken).expect("write");
    let bad = run(&broken);
    assert_eq!(bad.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(
        stderr.contains("action 0 is illegal: it is player 1's turn"),
        "{stderr}"
    );

    std::fs::write(dir.join("junk.json"), "{{{{").expect("write");
    assert_eq!(run(&dir.join("junk.json")).status.code(), Some(2));
}

fn scenario(text: &str) -> GameState {
    let scenario = Scenario::from_text(text).expect("scenario parses");
    let (state, result) = scenario.run();
    assert_eq!(result, Ok(()));
    let state = state.expect("state");
    assert_invariants(&state);
    state
}

// Rulebook "Boarders" — the worked example with one Security Team.
#[test]
fn scenario_boarder_with_security_team() {
    let state = scenario(include_str!("scenarios/boarder_with_security_team.ron"));
    let r = report(&state);
    assert_eq!(
        r.hull[0],
        SectionState::Damaged,
        "2 Defense - 1 Security Team = 1 Damage"
    );
    assert!(
        r.threat_discard
            .contains(&"romulan_battle_cruiser".to_string())
    );
    assert_eq!(r.discard, vec!["security_team".to_string()]);
    assert!(
        state
            .events()
            .iter()
            .any(|e| matches!(e, RulesEvent::SecurityTeamPlayed { player: 1, .. })),
        "the other player's Security Team was played"
    );
}

// Rulebook "Maneuvering Forward" — Figures A and B.
#[test]
fn scenario_maneuver_forward_figures_a_b() {
    let state = scenario(include_str!("scenarios/maneuver_forward_figures_a_b.ron"));
    let r = report(&state);
    let at = |kind: &str| {
        r.threats
            .iter()
            .find(|t| t.kind == kind)
            .map(|t| (t.range, t.sector))
    };
    assert_eq!(at("klingon_cruiser"), Some((Range::Medium, 6)));
    assert_eq!(at("romulan_battle_cruiser"), Some((Range::Medium, 2)));
    assert_eq!(
        state.mission_tokens()[0].pos,
        Position::new(Range::Short, 0)
    );
}

// Rulebook "Maneuvering Forward" — Figure C: shielded, the Threat stays.
#[test]
fn scenario_maneuver_forward_figure_c() {
    let state = scenario(include_str!("scenarios/maneuver_forward_figure_c.ron"));
    let r = report(&state);
    assert_eq!(r.threats[0].range, Range::Short);
    assert_eq!(r.hull, [SectionState::Intact; 6]);
    assert_eq!(r.shields, [SectionState::Intact; 6]);
}

// Rulebook "Maneuvering Forward" — Figure D: unshielded, the Threat boards for its Defense.
#[test]
fn scenario_maneuver_forward_figure_d() {
    let state = scenario(include_str!("scenarios/maneuver_forward_figure_d.ron"));
    let r = report(&state);
    assert_eq!(
        r.hull[0],
        SectionState::Destroyed,
        "2 Damage: intact -> destroyed"
    );
    assert!(!r.threats.iter().any(|t| t.kind == "romulan_battle_cruiser"));
    assert!(
        r.threat_discard
            .contains(&"romulan_battle_cruiser".to_string())
    );
}

// Rulebook "Maneuvering the Enterprise" — the counter-clockwise example.
#[test]
fn scenario_maneuver_counter_clockwise() {
    let state = scenario(include_str!("scenarios/maneuver_counter_clockwise.ron"));
    let r = report(&state);
    assert_eq!(r.threats[0].facing, 2, "right front -> starboard side");
    let beacon = state.mission_tokens()[0].pos;
    assert_eq!(
        state.enterprise().facing_of_sector(beacon.sector),
        5,
        "side -> left front"
    );
}

// Rulebook "Comets" — the worked example.
#[test]
fn scenario_comet() {
    let state = scenario(include_str!("scenarios/comet.ron"));
    let r = report(&state);
    assert!(
        !r.threats.iter().any(|t| t.kind == "klingon_cruiser"),
        "ship in the path"
    );
    assert!(r.threat_discard.contains(&"klingon_cruiser".to_string()));
    assert!(r.threat_discard.contains(&"comet".to_string()));
    assert_eq!(
        r.hull[1],
        SectionState::Destroyed,
        "the right side Hull, unshielded"
    );
    assert_eq!(r.hull[0], SectionState::Intact);
}

// Rulebook "Threats Moving and Firing" — the Medium -> Short example.
#[test]
fn scenario_threat_moves_and_fires() {
    let state = scenario(include_str!("scenarios/threat_moves_and_fires.ron"));
    let r = report(&state);
    assert_eq!(r.threats[0].range, Range::Short);
    assert_eq!(r.shields[2], SectionState::Damaged);
    assert_eq!(r.hull, [SectionState::Intact; 6]);
}

/// The `replay` command accepts scenarios and prints the resulting state.
#[test]
fn replay_command_runs_scenarios() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/suite/scenarios/comet.ron"
    );
    let out = crate::cli::succeeds(&["replay", path, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out).expect("json");
    assert_eq!(json["hull"][1], "Destroyed");
    for key in [
        "threats", "shields", "hands", "discard", "mission", "phase", "outcome",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
}

/// A scenario that breaks the table is refused with a reason.
#[test]
fn impossible_scenarios_are_refused() {
    let text = include_str!("scenarios/comet.ron");
    let too_many = text.replace(
        "hand: [\"dilithium\"]",
        "hand: [\"direct_hit\", \"direct_hit\"]",
    );
    let err = Scenario::from_text(&too_many)
        .expect("parses")
        .table()
        .unwrap_err();
    assert!(
        err.to_string().contains("no card `direct_hit` left"),
        "{err}"
    );
    let off_board = text.replace("range: Medium, sector: 2", "range: Medium, sector: 9");
    assert!(
        Scenario::from_text(&off_board)
            .expect("parses")
            .table()
            .is_err()
    );
    assert!(Scenario::from_text("(nonsense").is_err());
}

/// Undo (design notes §3): the active player takes back their own actions, back to the last
/// information boundary and never across it.
#[test]
fn undo_goes_back_to_the_last_information_boundary() {
    let mut state = table(2);
    let mut history = UndoHistory::default();
    let start = state.state_hash();
    let klingon = place(&mut state, "klingon_cloaking_cruiser", Range::Long, 1);
    let phaser = give(&mut state, 0, "phasers_forward_long");
    let start_with_target = state.state_hash();
    assert_ne!(start, start_with_target);
    let shot = PlayerAction {
        player: 0,
        action: Action::PlayCard {
            card: phaser,
            target: Target::Threat(klingon),
            with: None,
            shift: None,
        },
    };
    act_with_undo(&mut history, &mut state, shot).expect("legal");
    let turn = PlayerAction {
        player: 0,
        action: Action::Maneuver(ManeuverKind::Clockwise),
    };
    act_with_undo(&mut history, &mut state, turn).expect("legal");
    assert!(
        !history.can_undo(&state, 1),
        "only the active player may undo"
    );
    assert_eq!(history.undo(&state, 1).err(), Some(Refusal::NothingToUndo));
    let after_shot = history.undo(&state, 0).expect("undo the maneuver");
    assert_eq!(after_shot.enterprise().heading, 0);
    let back = history.undo(&after_shot, 0).expect("undo the shot");
    assert_eq!(back.state_hash(), start_with_target);
    assert_eq!(history.undo(&back, 0).err(), Some(Refusal::NothingToUndo));

    // A card draw is a boundary: Yeoman Rand cannot be taken back, nor what came before.
    let mut state = back;
    act_with_undo(&mut history, &mut state, turn).expect("legal");
    assert!(history.can_undo(&state, 0));
    let rand = give(&mut state, 0, "yeoman_rand");
    let draw = PlayerAction {
        player: 0,
        action: Action::PlayCard {
            card: rand,
            target: Target::None,
            with: None,
            shift: None,
        },
    };
    act_with_undo(&mut history, &mut state, draw).expect("legal");
    assert!(!history.can_undo(&state, 0));
    assert_eq!(history.undo(&state, 0).err(), Some(Refusal::NothingToUndo));
}

/// Game over shows the game's statistics, gathered from the rules events.
#[test]
fn game_statistics_follow_the_events() {
    for index in 0..10u64 {
        let options = GameOptions::quick(game_seed(31, index), 3, "ensign");
        let mut state = GameState::new(&options).expect("setup");
        state.advance();
        let mut destroyed = 0;
        let mut removed = 0;
        let mut failed = 0;
        let mut all_events = std::mem::take(state.events_mut());
        while !state.is_over() {
            let action = bot::choose(&state).expect("someone acts");
            state.act_and_advance(action).expect("legal");
            all_events.append(state.events_mut());
        }
        for event in &all_events {
            match event {
                RulesEvent::ThreatDestroyed { .. } => destroyed += 1,
                RulesEvent::CardsRemoved { cards, .. } => removed += cards.len() as u32,
                RulesEvent::MissionFailed { .. } => failed += 1,
                _ => {}
            }
        }
        let stats = &state.stats();
        assert_eq!(stats.turns, state.turn().number);
        assert_eq!(stats.threats_destroyed_total(), destroyed);
        assert_eq!(stats.cards_lost, removed);
        assert_eq!(stats.cards_lost as usize, state.removed().len());
        assert_eq!(
            stats.missions_completed as usize,
            state.completed_missions().len()
        );
        assert_eq!(stats.missions_failed, failed);
        assert!(stats.shield_damage + stats.hull_damage > 0);
    }
}

/// A scenario sets the turn it is in (issue "A bridge console": every scenario's header said
/// "Turn 1"); without one it is turn 1, and turn 0 is refused with a message.
#[test]
fn scenario_files_set_the_turn_number() {
    let text = |turn: &str| {
        format!(
            r#"(format: "star-trek-panic-scenario", version: 1, preset: "patrol", {turn}
                players: [(name: "A", character: "sulu", hand: [])], phase: PlayAndManeuver)"#
        )
    };
    assert_eq!(scenario(&text("turn: 7,")).turn().number, 7);
    assert_eq!(scenario(&text("")).turn().number, 1);
    let refused = Scenario::from_text(&text("turn: 0,"))
        .expect("parses")
        .table()
        .expect_err("turn 0 is refused");
    assert!(
        refused.to_string().contains("turn counts from 1"),
        "{refused}"
    );
}

// Rulebook "Setup": "read the Mission Parameters to determine if there is any additional setup
// needed (Tokens, Time Limit, or other special rules)".
/// A scenario whose mission sets a token out (the Planet Killer) is refused without it, with
/// a message that says how to add it; with the token it loads.
#[test]
fn scenario_missions_need_their_tokens() {
    let text = |tokens: &str| {
        format!(
            r#"(format: "star-trek-panic-scenario", version: 1, preset: "standard",
                players: [(name: "A", character: "sulu", hand: [])], phase: PlayAndManeuver,
                mission: Some((id: "the_doomsday_machine", tokens: [{tokens}])))"#
        )
    };
    let refused = Scenario::from_text(&text(""))
        .expect("parses")
        .table()
        .expect_err("no Planet Killer");
    let words = refused.to_string();
    assert!(
        words.contains("needs its `planet_killer` token") && words.contains("range: Long"),
        "{words}"
    );
    let state = scenario(&text(r#"(token: "planet_killer", range: Long, sector: 2)"#));
    assert_eq!(state.mission_tokens().len(), 1);
}

//! The command line: `--load` and every command refuse bad input with a message and exit 2,
//! before any game is played or any window opens.

use crate::trust::{mid_game_save, scratch_dir};

/// `--load` refuses a bad save on the command line, with a message, before opening a window.
#[test]
fn load_option_refuses_bad_saves_with_a_message() {
    let dir = scratch_dir("load");
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        "{\"format\": \"star-trek-panic-save\", \"version\": 1",
    )
    .expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
        .arg("--load")
        .arg(&bad)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("damaged or incomplete"), "{stderr}");
}

/// Runs the binary with `args`, which must succeed; returns its standard output.
pub(crate) fn succeeds(args: &[&str]) -> Vec<u8> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
        .args(args)
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    out.stdout
}

/// Runs the binary with `args`; returns its exit code and standard error.
fn command_line(args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_star-trek-panic"))
        .args(args)
        .output()
        .expect("run");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Each command refuses, with `error:` and exit status 2, an option it does not take, one
/// given twice, one without its value and a number that is not one or out of range — before
/// any game is played or any window opens.
#[test]
fn commands_refuse_options_they_do_not_take() {
    let dir = scratch_dir("refused-options");
    let record = dir.join("records");
    let record = record.to_str().expect("utf-8 temp dir");
    // A saved game to host again (in a directory of its own: nothing is written in `dir`).
    let save = scratch_dir("refused-options-save").join("hosted.json");
    let options = stp_rules::GameOptions::quick(3, 2, "cadet");
    let mut state = stp_rules::GameState::new(&options).expect("deals");
    state.advance();
    stp_rules::files::SaveFile::new(&options, &[], &state)
        .write(&save)
        .expect("saved");
    let saved = save.to_str().expect("utf-8 temp dir");
    // A well-formed invite (nobody hosts it): the options after it are what is refused.
    let a_good_invite = format!(
        "long-enough@{},127.0.0.1:4000",
        iroh::SecretKey::generate().public()
    );
    let cases: &[(&[&str], &str)] = &[
        (&["balance", "--json"], "unexpected argument '--json' found"),
        (
            &["balance", "--record", record],
            "unexpected argument '--record' found",
        ),
        (
            &["balance", "--no-check"],
            "unexpected argument '--no-check' found",
        ),
        (
            &["balance", "--preset", "cadet"],
            "unexpected argument '--preset' found",
        ),
        (
            &["replay", "x.json", "--games", "3"],
            "unexpected argument '--games' found",
        ),
        (
            &["replay", "a.json", "b.json"],
            "unexpected argument 'b.json' found",
        ),
        (
            &["replay", "--json", "x.json", "--json"],
            "the argument '--json' cannot be used multiple times",
        ),
        (
            &["replay"],
            "the following required arguments were not provided:\n  <FILE>",
        ),
        (
            &["simulate", "--bot", "genius"],
            "invalid value 'genius' for '--bot <BOT>'\n  [possible values: heuristic, advisor, oracle]",
        ),
        (&["simulate", "--rollouts", "50"], "add --bot advisor"),
        (
            &[
                "simulate",
                "--bot",
                "advisor",
                "--rollouts",
                "5",
                "--budget-ms",
                "5",
            ],
            "the argument '--rollouts <N>' cannot be used with '--budget-ms <N>'",
        ),
        (
            &["simulate", "--threads", "0"],
            "invalid value '0' for '--threads <N>': must be 1–256",
        ),
        (&["balance", "--write", "x.ron"], "add --crews"),
        (
            &["--pick", "0"],
            "invalid value '0' for '--pick <N>': must be 1–9",
        ),
        (
            &["--bots", "7"],
            "invalid value '7' for '--bots <N>': must be at most 6",
        ),
        (
            &["--threat-steps", "x"],
            "invalid value 'x' for '--threat-steps <N>': expects a whole number",
        ),
        (
            &["hint", "a.ron", "--games", "3"],
            "unexpected argument '--games' found",
        ),
        (&["bare-window", "x"], "unexpected argument 'x' found"),
        (&["--lesson", "3"], "add --tutorial"),
        (
            &["serve", "--relay", "not a relay", "--code", "long-enough"],
            "is not a relay's URL",
        ),
        (
            &["serve", "--port", "4000", "--code", "short"],
            "at least 8 characters",
        ),
        (
            &["serve", "--port", "0", "--code", "long-enough"],
            "invalid value '0' for '--port <P>': must be 1–65535",
        ),
        (
            &[
                "serve",
                "--port",
                "4000",
                "--code",
                "long-enough",
                "--players",
                "2",
                "--bots",
                "2",
            ],
            "leaves no seat to join",
        ),
        (&["join", &a_good_invite, "--json"], "go with --bot"),
        (
            &[
                "serve",
                "--port",
                "4000",
                "--code",
                "long-enough",
                "--load",
                "/no/such/save.json",
            ],
            "/no/such/save.json",
        ),
        (
            &["join", "127.0.0.1:4000", "--code", "long-enough", "--bot"],
            "unexpected argument '--code' found",
        ),
        (&["join", "nowhere", "--bot"], "an invite reads CODE@KEY"),
        (
            &["serve", "--load", saved, "--bots", "1"],
            "give it the game's --code",
        ),
        (
            &["join", &a_good_invite, "--bot", "--games", "2"],
            "unexpected argument '--games' found",
        ),
        (
            &["--tutorial", "--lesson", "11"],
            "invalid value '11' for '--lesson <N>': must be 1–10",
        ),
        (
            &["--tutorial", "--seed", "4"],
            "--tutorial opens the Academy's own table",
        ),
        (
            &["--setup", "--tutorial"],
            "it cannot be combined with --load, --scenario or --tutorial",
        ),
        (
            &["--autoplay-turns", "99999999999"],
            "invalid value '99999999999' for '--autoplay-turns <T>': must be at most 4294967295",
        ),
        (
            &["--autoplay-turns", "-1"],
            "invalid value '-1' for '--autoplay-turns <T>': expects a whole number",
        ),
        (
            &["--autoplay-turns"],
            "a value is required for '--autoplay-turns <T>' but none was supplied",
        ),
        (
            &["simulate", "--autoplay-turns", "3"],
            "unexpected argument '--autoplay-turns' found",
        ),
        (
            &["simulate", "--screenshot", "x.png"],
            "unexpected argument '--screenshot' found",
        ),
        (
            &["simulate", "--load", "x.json"],
            "unexpected argument '--load' found",
        ),
        (&["--games", "3"], "unexpected argument '--games' found"),
        (
            &["--window", "big"],
            "for '--window <WIDTHxHEIGHT>': expects WIDTHxHEIGHT",
        ),
        (
            &["--window", "800x600"],
            "invalid value '800x600' for '--window <WIDTHxHEIGHT>': must be from 1024x600 to 7680x4320",
        ),
        (
            &["--window", "1280x"],
            "for '--window <WIDTHxHEIGHT>': expects WIDTHxHEIGHT",
        ),
        (
            &["--layout", "x.json"],
            "--layout reports what a picture shows",
        ),
        (&["--json"], "unexpected argument '--json' found"),
        (
            &["simulate", "--seed", "1", "--seed", "2"],
            "the argument '--seed <S>' cannot be used multiple times",
        ),
        (
            &["balance", "--games", "1", "--games", "1"],
            "the argument '--games <N>' cannot be used multiple times",
        ),
        (
            &["--seed", "1", "--seed", "1"],
            "the argument '--seed <S>' cannot be used multiple times",
        ),
        (
            &["simulate", "--seed"],
            "a value is required for '--seed <S>' but none was supplied",
        ),
        (
            &["simulate", "--record", "--json"],
            "a value is required for '--record <DIR>' but none was supplied",
        ),
        (
            &["simulate", "--games", "many"],
            "invalid value 'many' for '--games <N>': expects a whole number",
        ),
        (
            &["simulate", "--seed", "99999999999999999999"],
            "invalid value '99999999999999999999' for '--seed <S>': must be at most 18446744073709551615",
        ),
        (
            &["balance", "--players", "0"],
            "invalid value '0' for '--players <P>': must be 1–6",
        ),
        (
            &["balance", "--players", "seven"],
            "invalid value 'seven' for '--players <P>': expects a whole number",
        ),
        (
            &["simulate", "--frobnicate"],
            "unexpected argument '--frobnicate' found",
        ),
        (
            &["simulat"],
            "unrecognized subcommand 'simulat'\n\n  tip: a similar subcommand exists: 'simulate'",
        ),
    ];
    for (args, expected) in cases {
        let (code, stderr) = command_line(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains("try '--help'"), "{args:?}: {stderr}");
        assert!(
            stderr.contains(expected),
            "{args:?}: expected `{expected}` in {stderr}"
        );
    }
    assert!(
        std::fs::read_dir(&dir).expect("dir").next().is_none(),
        "nothing was recorded"
    );
}

/// Every command has its own `--help` (and `help COMMAND`), made from the same definitions as
/// the parser: it exits 0, names the command in its usage and lists each option it takes.
#[test]
fn every_command_has_its_own_help() {
    let commands: &[(&str, &[&str])] = &[
        ("", &["--seed", "--window", "--layout", "--tutorial"]),
        ("simulate", &["--games", "--bot", "--rollouts", "--threads"]),
        ("balance", &["--crews", "--write"]),
        ("replay", &["<FILE>", "--json", "--log"]),
        ("hint", &["<FILE>", "--budget-ms", "--seed"]),
        (
            "serve",
            &[
                "--port <P>",
                "--code",
                "--relay",
                "--invite-file",
                "--bot-after",
            ],
        ),
        (
            "join",
            &["[INVITE]", "--seat", "--watch", "--no-window", "--ticket"],
        ),
        ("net-bench", &["--games", "--port"]),
        ("bare-window", &[]),
    ];
    for (command, options) in commands {
        let asks: Vec<Vec<&str>> = match *command {
            "" => vec![vec!["--help"], vec!["-h"], vec!["help"]],
            c => vec![vec![c, "--help"], vec!["help", c]],
        };
        for ask in asks {
            let help = String::from_utf8(succeeds(&ask)).expect("utf-8");
            let usage = format!("Usage: star-trek-panic {command}");
            assert!(help.contains(usage.trim_end()), "{ask:?}: {help}");
            for option in *options {
                assert!(help.contains(option), "{ask:?} lacks {option}: {help}");
            }
        }
    }
    // The top level lists every command.
    let help = String::from_utf8(succeeds(&["--help"])).expect("utf-8");
    for (command, _) in &commands[1..] {
        assert!(help.contains(&format!("  {command} ")), "{command}: {help}");
    }
}

/// The README's command table is the parser's own (`commands::command_table`), so it
/// cannot drift from what the binary takes.
#[test]
fn the_readmes_command_table_is_the_parsers() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let table = star_trek_panic::commands::command_table();
    assert!(
        readme.contains(&table),
        "README.md's command table differs from the commands; it should read:\n{table}"
    );
}

/// `--load` names its own game: combined with options that would deal another one, it is
/// refused rather than silently ignoring them.
#[test]
fn load_refuses_options_it_would_ignore() {
    let dir = scratch_dir("load-combined");
    let save = dir.join("save.json");
    mid_game_save().write(&save).expect("write");
    let save = save.to_str().expect("utf-8 temp dir");
    for extra in [["--seed", "4"], ["--players", "2"], ["--preset", "cadet"]] {
        let mut args = vec!["--load", save];
        args.extend(extra);
        let (code, stderr) = command_line(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("cannot be combined with --seed, --players or --preset"),
            "{args:?}: {stderr}"
        );
    }
}

/// `balance` runs with the options it takes.
#[test]
fn balance_runs_with_its_own_options() {
    let out = succeeds(&["balance", "--games", "2", "--players", "2", "--seed", "3"]);
    let table = String::from_utf8_lossy(&out);
    assert!(table.starts_with("| preset |"), "{table}");
    assert!(table.contains("| cadet |"), "{table}");
    assert!(
        table.contains("2 games per preset, 2 players, seed 3"),
        "{table}"
    );
}

/// The setup screen's win rates (`assets/balance.ron`, written by `balance --crews --write`)
/// parse, and cover every preset with every crew of 1 to 6, each rate a fraction.
#[test]
fn the_shipped_win_rates_cover_every_preset_and_crew() {
    use star_trek_panic::words::odds::BalanceData;
    let data = BalanceData::shipped().expect("assets/balance.ron parses");
    assert!(data.games > 0 && data.rollouts > 0, "{data:?}");
    for preset in &stp_rules::content::builtin().presets {
        for players in 1..=6 {
            let rate = data
                .rate(&preset.id, players)
                .unwrap_or_else(|| panic!("no rate for {} with {players}", preset.id));
            for value in [rate.ensign, rate.captain] {
                assert!((0.0..=1.0).contains(&value), "{rate:?}");
            }
        }
    }
    assert_eq!(
        data.rates.len(),
        6 * stp_rules::content::builtin().presets.len()
    );
}

mod data_dir {
    use star_trek_panic::data_dir::{Platform, data_dir_for};
    use std::ffi::OsString;
    use std::path::PathBuf;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| OsString::from(v))
        }
    }

    /// XDG Base Directory specification: `$XDG_DATA_HOME` when it is an absolute path.
    #[test]
    fn data_dir_follows_an_absolute_xdg_data_home() {
        let vars = [("XDG_DATA_HOME", "/data/me"), ("HOME", "/home/me")];
        assert_eq!(
            data_dir_for(Platform::Xdg, env(&vars)),
            Some(PathBuf::from("/data/me/star-trek-panic"))
        );
    }

    /// "If an implementation encounters a relative path in any of these variables it should
    /// consider the path invalid and ignore it": a relative or empty value falls back to
    /// `$HOME/.local/share`.
    #[test]
    fn data_dir_ignores_a_relative_or_empty_xdg_data_home() {
        for bad in ["relative/dir", ""] {
            let vars = [("XDG_DATA_HOME", bad), ("HOME", "/home/me")];
            assert_eq!(
                data_dir_for(Platform::Xdg, env(&vars)),
                Some(PathBuf::from("/home/me/.local/share/star-trek-panic")),
                "XDG_DATA_HOME={bad:?}"
            );
        }
    }

    /// macOS and Windows use their own folders; with nothing set there is no data directory.
    #[test]
    fn data_dir_on_other_platforms_and_without_a_home() {
        let vars = [
            ("HOME", "/Users/me"),
            ("APPDATA", "C:/Users/me/AppData/Roaming"),
        ];
        assert_eq!(
            data_dir_for(Platform::MacOs, env(&vars)),
            Some(PathBuf::from(
                "/Users/me/Library/Application Support/star-trek-panic"
            ))
        );
        assert_eq!(
            data_dir_for(Platform::Windows, env(&vars)),
            Some(PathBuf::from("C:/Users/me/AppData/Roaming/star-trek-panic"))
        );
        assert_eq!(data_dir_for(Platform::Xdg, env(&[])), None);
    }
}

/// `replay FILE --log` prints the game's log as the game shows it: a line an entry, each
/// stamped with the turn and the player whose turn it was; threat fire in Player 1's turn 3
/// is stamped turn 3 and Player 1, like the rest of that turn.
#[test]
fn replay_log_prints_each_entry_with_its_turn_and_player() {
    use stp_rules::GameOptions;
    use stp_rules::files::{ReplayFile, hash_text};
    use stp_rules::sim::play_game;

    let dir = scratch_dir("replay-log");
    let options = GameOptions::quick(21, 3, "standard");
    let record = play_game(&options, false, true).expect("setup");
    let path = dir.join("game.json");
    ReplayFile::new(&options, &record.actions, record.final_hash)
        .write(&path)
        .expect("write");
    let out = succeeds(&["replay", path.to_str().unwrap(), "--log"]);
    let out = String::from_utf8(out).expect("utf-8");
    let mut current: Option<String> = None;
    let mut turns = 0;
    let mut fire = 0;
    let lines: Vec<&str> = out.lines().collect();
    let (summary, log) = lines.split_last().expect("a summary line");
    assert!(summary.ends_with(&format!("{} (matches)", hash_text(record.final_hash))));
    for line in log {
        let (stamp, text) = line.split_once("] ").expect("a stamped line");
        if let Some(rest) = text.strip_prefix("— Turn ") {
            let (turn, who) = rest.trim_end_matches(" —").split_once(": ").unwrap();
            current = Some(format!("[turn {turn}, {who}"));
            turns += 1;
        }
        if let Some(expected) = &current {
            assert_eq!(stamp, expected, "{line}");
        }
        fire += usize::from(text.contains("fires"));
    }
    assert!(turns >= 3 && fire > 0, "{turns} turns, {fire} shots");
}

/// A scenario that starts mid-turn stamps that turn's threat fire with its own turn and
/// active player, not the next ones (issue "A bridge console": scenarios were never tried).
#[test]
fn replay_log_stamps_a_scenario_with_its_own_turn() {
    let dir = scratch_dir("replay-log-scenario");
    let path = dir.join("fire.ron");
    std::fs::write(
        &path,
        r#"(format: "star-trek-panic-scenario", version: 1, seed: 6, preset: "patrol",
            players: [(name: "Alice", character: "kirk", hand: []),
                      (name: "Bob", character: "sulu", hand: [])],
            active: 1, turn: 4, phase: ThreatsMoveAndFire,
            threats: [(kind: "klingon_cruiser", range: Medium, sector: 3)], bag: Some([]))"#,
    )
    .expect("write");
    let out = succeeds(&["replay", path.to_str().unwrap(), "--log"]);
    let out = String::from_utf8(out).expect("utf-8");
    let fire: Vec<&str> = out.lines().filter(|l| l.contains("fires")).collect();
    assert!(!fire.is_empty(), "no shot in:\n{out}");
    for line in fire {
        assert!(line.starts_with("[turn 4, Bob] "), "{line}");
    }
}

/// `--log` with a file that cannot be read, or together with `--json`, is refused (exit 2).
#[test]
fn replay_log_refuses_bad_input() {
    let dir = scratch_dir("replay-log-bad");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ not a replay").unwrap();
    let (code, stderr) = command_line(&["replay", bad.to_str().unwrap(), "--log"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    let (code, stderr) = command_line(&["replay", "x.json", "--log", "--json"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("the argument '--log' cannot be used with '--json'"),
        "{stderr}"
    );
}

/// `--scenario` refuses a file that is not a playable scenario, with a message and exit 2,
/// before any window opens; it does not combine with `--load` or the options of a new game.
#[test]
fn scenario_option_refuses_bad_files_and_combinations() {
    let dir = scratch_dir("scenario-option");
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(format: \"star-trek-panic-scenario\", version: 1,").unwrap();
    let (code, stderr) = command_line(&["--scenario", bad.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("damaged or incomplete"), "{stderr}");
    let (code, stderr) = command_line(&["--scenario", "/no/such/file.ron"]);
    assert_eq!(code, Some(2), "{stderr}");
    let good = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/suite/scenarios/comet.ron"
    );
    let (code, stderr) = command_line(&["--scenario", good, "--seed", "3"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("cannot be combined"), "{stderr}");
}

/// The scenario files the documentation renders stay playable tables.
#[test]
fn documentation_scenarios_load() {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/scenarios"));
    let mut count = 0;
    for entry in std::fs::read_dir(dir).expect("docs/scenarios") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "ron") {
            stp_rules::scenario::Scenario::load(&path)
                .unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            count += 1;
        }
    }
    assert!(count >= 1);
}

/// `simulate` on several threads gives the same results as on one: each game has its own
/// seed and the summary adds them in game order. The advisor is chosen with `--bot`.
#[test]
fn simulate_gives_the_same_results_on_any_number_of_threads() {
    let run = |threads: &str, bot: &[&str]| {
        let mut args = vec![
            "simulate",
            "--games",
            "6",
            "--players",
            "2",
            "--preset",
            "cadet",
            "--json",
            "--threads",
            threads,
        ];
        args.extend_from_slice(bot);
        let mut value: serde_json::Value =
            serde_json::from_slice(&succeeds(&args)).expect("one JSON object");
        for timing in ["games_per_second", "elapsed_seconds"] {
            value[timing] = serde_json::Value::Null;
        }
        value
    };
    assert_eq!(run("1", &[]), run("3", &[]));
    let advisor = ["--bot", "advisor", "--rollouts", "20"];
    let one = run("1", &advisor);
    assert_eq!(one, run("2", &advisor));
    assert_eq!(one["games"], 6);
}

/// A code need not be on the command line, where other users of the machine can read it in
/// the process list: `--code -` reads it from standard input, and without `--code` it comes
/// from `STAR_TREK_PANIC_CODE`. A short one is refused from either, and with neither the
/// message names all three ways. (`--bots 2` of 2 seats is refused after the code is read,
/// so nothing is hosted.)
#[test]
fn a_code_comes_from_standard_input_or_the_environment() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let run = |args: &[&str], code_var: Option<&str>, stdin: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_star-trek-panic"));
        command
            .args(args)
            .env_remove("STAR_TREK_PANIC_CODE")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if let Some(code) = code_var {
            command.env("STAR_TREK_PANIC_CODE", code);
        }
        let mut child = command.spawn().expect("run");
        let mut input = child.stdin.take().expect("stdin");
        input
            .write_all(stdin.unwrap_or("").as_bytes())
            .expect("write");
        drop(input);
        let out = child.wait_with_output().expect("wait");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let serve = ["serve", "--port", "4000", "--bots", "2"];
    let after_the_code = "--bots 2 leaves no seat";
    let (code, err) = run(&serve, Some("long-enough-code"), None);
    assert_eq!(code, Some(2));
    assert!(err.contains(after_the_code), "{err}");
    let from_stdin = ["serve", "--port", "4000", "--bots", "2", "--code", "-"];
    let (code, err) = run(&from_stdin, None, Some("long-enough-code\n"));
    assert_eq!(code, Some(2));
    assert!(err.contains(after_the_code), "{err}");
    let (_, err) = run(&from_stdin, None, Some("short\n"));
    assert!(
        err.contains("--code must be at least 8 characters"),
        "{err}"
    );
    let (_, err) = run(&serve, Some("short"), None);
    assert!(
        err.contains("--code must be at least 8 characters"),
        "{err}"
    );
    let (code, err) = run(&["join", "--bot"], None, None);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("join needs the host's INVITE") && err.contains("STAR_TREK_PANIC_INVITE"),
        "{err}"
    );
}

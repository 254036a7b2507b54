//! The `replay` subcommand: replays a recorded game or a scenario headless.

use super::{Arg, Args, REPLAY_OPTIONS};
use stp_rules::files::{FileError, ReplayFile, hash_text};
use stp_rules::report::report;
use stp_rules::scenario::Scenario;
use stp_rules::{GameState, RulesEvent};

use crate::words::describe::Stamper;

/// Exit codes: 0 the replay matches, 1 an action is illegal or the hash differs, 2 the file
/// cannot be read.
pub fn run(args: &[String]) -> i32 {
    match parse(args) {
        Ok((file, json, log)) => replay(&file, json, log),
        Err(message) => crate::commands::refuse(&message),
    }
}

/// The file to replay, and whether `--json` and `--log` were given.
fn parse(args: &[String]) -> Result<(String, bool, bool), String> {
    let mut json = false;
    let mut log = false;
    let mut file = None;
    let mut args = Args::new("replay", REPLAY_OPTIONS, args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Option("--json") => json = true,
            Arg::Option("--log") => log = true,
            Arg::Option(other) => unreachable!("{other} is in REPLAY_OPTIONS"),
            Arg::Plain(name) if file.is_none() => file = Some(name.to_string()),
            Arg::Plain(name) => {
                return Err(format!("replay takes one file, not also `{name}`"));
            }
        }
    }
    let file = file.ok_or("replay needs a file: star-trek-panic replay FILE [--json | --log]")?;
    if json && log {
        return Err("replay takes --json or --log, not both".into());
    }
    Ok((file, json, log))
}

fn replay(file: &str, json: bool, log: bool) -> i32 {
    let text = match stp_rules::files::read_capped(std::path::Path::new(file)) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("error: {err}");
            return 2;
        }
    };
    let scenario = match file.ends_with(".ron") {
        true => match Scenario::from_text(&text) {
            Ok(s) => Some(s),
            Err(err) => return refuse_file(file, &err),
        },
        false => None,
    };
    // The log, as the game shows it, printed as the game goes. A scenario starts in its own
    // turn, with its own active player: its first lines are stamped with them, not with
    // the turn the state has reached once its events are out.
    let mut stamper = scenario
        .as_ref()
        .map_or_else(Stamper::default, |s| Stamper::at(s.turn, s.active));
    let mut print_log = |state: &GameState, events: &[RulesEvent]| {
        if log {
            for event in events {
                if let Some(line) = stamper.line(event, state) {
                    println!("{}", line.show(state));
                }
            }
        }
    };
    let (state, result) = match &scenario {
        Some(s) => s.run_observed(&mut print_log),
        None => match ReplayFile::from_text(&text) {
            Ok(r) => r.run_observed(&mut print_log),
            Err(err) => return refuse_file(file, &err),
        },
    };
    let code = match &result {
        Ok(()) => 0,
        Err(FileError::IllegalAction { .. } | FileError::ReplayDiverged { .. }) => 1,
        Err(_) => 2,
    };
    if let Err(err) = &result {
        eprintln!("error: {file}: {err}");
    }
    match (&state, json) {
        (Some(state), true) => {
            let mut value = match serde_json::to_value(report(state)) {
                Ok(value) => value,
                Err(err) => {
                    eprintln!("error: {file}: the report cannot be written as JSON: {err}");
                    return 2;
                }
            };
            value["matches"] = serde_json::Value::Bool(result.is_ok());
            if let Err(err) = &result {
                value["error"] = serde_json::Value::String(err.to_string());
            }
            println!("{value}");
        }
        (Some(state), false) => {
            println!(
                "{}: {} after turn {}; final state hash {}{}",
                file,
                report(state).outcome,
                state.turn.number,
                hash_text(state.state_hash()),
                if result.is_ok() { " (matches)" } else { "" }
            );
        }
        (None, _) => {}
    }
    code
}

fn refuse_file(file: &str, err: &FileError) -> i32 {
    eprintln!("error: {file}: {err}");
    2
}

//! The `replay` subcommand: replays a recorded game or a scenario headless.

use stp_rules::files::{FileError, ReplayFile, hash_text};
use stp_rules::report::report;
use stp_rules::scenario::Scenario;
use stp_rules::{GameState, RulesEvent};

use crate::words::log_lines::Stamper;

/// Replay a recorded game (.json) or a scenario (.ron) headless.
///
/// Exits 0 when every action is legal and a recorded final state hash matches, 1 when an
/// action is illegal or the hash differs, 2 when the file cannot be read.
#[derive(Debug, clap::Args)]
pub(crate) struct ReplayOptions {
    /// The replay (.json) or scenario (.ron)
    file: String,
    /// Print the final table as JSON
    #[arg(long, conflicts_with = "log")]
    json: bool,
    /// Print the game's log as the game shows it, a line an entry, stamped with the turn and
    /// the player whose turn it was
    #[arg(long)]
    log: bool,
}

/// Runs `replay`; returns the exit code.
pub(crate) fn run(options: ReplayOptions) -> i32 {
    replay(&options.file, options.json, options.log)
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
                state.turn().number,
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

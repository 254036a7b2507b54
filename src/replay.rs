//! The `replay` subcommand: replays a recorded game or a scenario headless.

use stp_rules::files::{FileError, ReplayFile, hash_text};
use stp_rules::report::report;
use stp_rules::scenario::Scenario;

/// Exit codes: 0 the replay matches, 1 an action is illegal or the hash differs, 2 the file
/// cannot be read.
pub fn run(args: &[String]) -> i32 {
    let mut json = false;
    let mut file = None;
    for arg in args {
        match arg.as_str() {
            "--json" => json = true,
            other if other.starts_with("--") => {
                eprintln!("error: unknown option `{other}`");
                return 2;
            }
            other => file = Some(other.to_string()),
        }
    }
    let Some(file) = file else {
        eprintln!("error: replay needs a file: star-trek-panic replay FILE [--json]");
        return 2;
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("error: {file}: {err}");
            return 2;
        }
    };
    let scenario = file.ends_with(".ron");
    let (state, result) = if scenario {
        match Scenario::from_text(&text) {
            Ok(s) => s.run(),
            Err(err) => return refuse_file(&file, &err),
        }
    } else {
        match ReplayFile::from_text(&text) {
            Ok(r) => r.run(),
            Err(err) => return refuse_file(&file, &err),
        }
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
            let mut value = serde_json::to_value(report(state)).unwrap_or_default();
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

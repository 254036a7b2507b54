//! The `hint` subcommand: the advisor's next action for whoever must act, with a one-line
//! reason (`words::advice`, the words the game's advisor shows too).

use std::time::Instant;

use stp_rules::GameState;
use stp_rules::advisor::{Budget, advise};
use stp_rules::files::{FileError, ReplayFile, SaveFile};
use stp_rules::scenario::{Scenario, named};

use super::{Arg, Args};
use crate::words::advice::reason;
use crate::words::describe::{action_words, player_name};

pub(crate) const HINT_OPTIONS: &[&str] = &["--json", "--budget-ms", "--rollouts", "--seed"];

/// What `hint` was asked.
struct HintArgs {
    file: String,
    json: bool,
    budget: Budget,
    seed: u64,
}

/// Exit codes: 0 advice printed, 1 nobody must act (the game is over), 2 a bad command line
/// or file.
pub fn run(args: &[String]) -> i32 {
    let args = match parse(args) {
        Ok(args) => args,
        Err(message) => return crate::commands::refuse(&message),
    };
    let (state, scenario) = match position(&args.file) {
        Ok(found) => found,
        Err(message) => {
            eprintln!("error: {}: {message}", args.file);
            return 2;
        }
    };
    let started = Instant::now();
    let Some(advice) = advise(&state, args.budget, args.seed) else {
        eprintln!(
            "{}: nobody must act: {}",
            args.file,
            if state.is_over() {
                "the game is over"
            } else {
                "the rules are resolving"
            }
        );
        return 1;
    };
    let millis = started.elapsed().as_millis();
    let best = advice.best.action;
    let reason = reason(&state, &advice);
    if args.json {
        // The action as the file writes its actions, so it can be appended to them.
        let action = if scenario {
            match ron::to_string(&named(&state, &best)) {
                Ok(text) => serde_json::Value::String(text),
                Err(err) => return fail(&args.file, &err.to_string()),
            }
        } else {
            match serde_json::to_value(best) {
                Ok(value) => value,
                Err(err) => return fail(&args.file, &err.to_string()),
            }
        };
        let out = serde_json::json!({
            "player": best.player,
            "action": action,
            "words": action_words(&state, &best),
            "reason": reason,
            "millis": millis,
        });
        println!("{out}");
    } else {
        println!(
            "{}: {}. {reason}",
            player_name(&state, best.player),
            action_words(&state, &best)
        );
    }
    0
}

fn fail(file: &str, message: &str) -> i32 {
    eprintln!("error: {file}: {message}");
    2
}

fn parse(args: &[String]) -> Result<HintArgs, String> {
    let mut file = None;
    let mut json = false;
    let mut budget = None;
    let mut seed = 1;
    let mut args = Args::new("hint", HINT_OPTIONS, args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Option("--json") => json = true,
            Arg::Option(name @ ("--budget-ms" | "--rollouts")) => {
                if budget.is_some() {
                    return Err("give --budget-ms or --rollouts, not both".into());
                }
                let n = crate::commands::number(args.value(name)?, name, u32::MAX.into())?.max(1);
                budget = Some(match name {
                    "--budget-ms" => Budget::Millis(n),
                    _ => Budget::Rollouts(n as u32),
                });
            }
            Arg::Option("--seed") => {
                seed = crate::commands::number(args.value("--seed")?, "--seed", u64::MAX)?;
            }
            Arg::Option(other) => unreachable!("{other} is in HINT_OPTIONS"),
            Arg::Plain(name) if file.is_none() => file = Some(name.to_string()),
            Arg::Plain(name) => return Err(format!("hint takes one file, not also `{name}`")),
        }
    }
    let file = file.ok_or("hint needs a file: star-trek-panic hint FILE [--json]")?;
    Ok(HintArgs {
        file,
        json,
        budget: budget.unwrap_or(Budget::HINT),
        seed,
    })
}

/// The position a file holds: a scenario's (after its actions), a replay's final one, or a
/// save's. `true` when it is a scenario.
fn position(file: &str) -> Result<(GameState, bool), String> {
    let text =
        stp_rules::files::read_capped(std::path::Path::new(file)).map_err(|e| e.to_string())?;
    if file.ends_with(".ron") {
        let scenario = Scenario::from_text(&text).map_err(|e| e.to_string())?;
        return match scenario.run_observed(&mut |_, _| {}) {
            (Some(state), Ok(())) => Ok((state, true)),
            (_, Err(err)) => Err(err.to_string()),
            (None, Ok(())) => Err("the scenario holds no table".into()),
        };
    }
    match ReplayFile::from_text(&text) {
        Ok(replay) => match replay.run() {
            (Some(state), Ok(())) => Ok((state, false)),
            (_, Err(err)) => Err(err.to_string()),
            (None, Ok(())) => Err("the replay holds no game".into()),
        },
        Err(FileError::Foreign { .. }) => SaveFile::from_text(&text)
            .map(|save| (save.state, false))
            .map_err(|e| e.to_string()),
        Err(err) => Err(err.to_string()),
    }
}

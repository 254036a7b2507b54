//! The `hint` subcommand: the advisor's next action for whoever must act, with a one-line
//! reason (`words::advice`, the words the game's advisor shows too).

use std::time::Instant;

use stp_rules::GameState;
use stp_rules::advisor::{Budget, advise};
use stp_rules::files::{FileError, ReplayFile, SaveFile};
use stp_rules::scenario::{Scenario, named};

use crate::words::advice::reason;
use crate::words::describe::{action_words, player_name};

/// The advisor's next action for whoever must act, with a one-line reason.
///
/// FILE is a save, a replay (its final position) or a scenario. The advisor searches 360 ms
/// unless --budget-ms or --rollouts (exact repeats) says otherwise. Exits 0 with advice, 1
/// when nobody must act, 2 for a bad file.
#[derive(Debug, clap::Args)]
pub(crate) struct HintOptions {
    /// The save, replay (.json) or scenario (.ron)
    file: String,
    /// Print one object: player, action (written as the file writes actions), words, reason,
    /// millis, rollouts
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    budget: super::simulate::BudgetOptions,
    /// The advisor's seed (its sampled futures)
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = super::whole::<u64, 0, { u64::MAX }>)]
    seed: u64,
}

/// Exit codes: 0 advice printed, 1 nobody must act (the game is over), 2 a bad command line
/// or file.
pub(crate) fn run(args: HintOptions) -> i32 {
    let budget = args.budget.budget().unwrap_or(Budget::HINT);
    let (state, scenario) = match position(&args.file) {
        Ok(found) => found,
        Err(message) => {
            eprintln!("error: {}: {message}", args.file);
            return 2;
        }
    };
    let started = Instant::now();
    let Some(advice) = advise(&state, budget, args.seed) else {
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
            "rollouts": advice.rollouts,
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

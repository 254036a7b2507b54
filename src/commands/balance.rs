//! The `balance` subcommand: win rates of every preset, measured by simulation.
//! - By default: the heuristic bot, one crew size, with the causes of defeat.
//! - `--crews`: crews of 1 to 6 with both bots (the Ensign heuristic and the Captain
//!   advisor); `--write FILE` keeps the numbers as data (`assets/balance.ron`), which the
//!   setup screen shows, so no win rate is typed by hand.

use stp_rules::advisor::Budget;
use stp_rules::sim::Bot;

use super::simulate::{SimArgs, run_games};
use super::{Arg, Args, BALANCE_OPTIONS};
use crate::words::odds::{BalanceData, Rate};

/// What `balance` was asked.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceArgs {
    pub games: u64,
    pub players: usize,
    pub seed: u64,
    pub threads: Option<usize>,
    /// Crews of 1 to 6, with both bots.
    pub crews: bool,
    /// The advisor's rollouts per decision in `--crews`.
    pub rollouts: u32,
    /// Where `--crews` writes its numbers as data.
    pub write: Option<std::path::PathBuf>,
}

impl BalanceArgs {
    pub fn parse(args: &[String]) -> Result<BalanceArgs, String> {
        let defaults = SimArgs::default();
        let mut balance = BalanceArgs {
            games: defaults.games,
            players: defaults.players,
            seed: defaults.seed,
            threads: None,
            crews: false,
            rollouts: 120,
            write: None,
        };
        let mut args = Args::new("balance", BALANCE_OPTIONS, args);
        while let Some(arg) = args.next()? {
            match arg {
                Arg::Option("--games") => balance.games = args.number("--games", u64::MAX)?,
                Arg::Option("--players") => balance.players = args.players()?,
                Arg::Option("--seed") => balance.seed = args.number("--seed", u64::MAX)?,
                Arg::Option("--threads") => balance.threads = Some(args.threads()?),
                Arg::Option("--crews") => balance.crews = true,
                Arg::Option("--rollouts") => {
                    balance.rollouts = args.number("--rollouts", u32::MAX.into())?.max(1) as u32;
                }
                Arg::Option("--write") => balance.write = Some(args.value("--write")?.into()),
                Arg::Option(other) => unreachable!("{other} is in BALANCE_OPTIONS"),
                Arg::Plain(other) => return Err(format!("unexpected argument `{other}`")),
            }
        }
        if !balance.crews && balance.write.is_some() {
            return Err("--write keeps the numbers of --crews: add --crews".into());
        }
        Ok(balance)
    }
}

/// Runs `balance`; returns the exit code.
pub fn balance(args: &BalanceArgs) -> i32 {
    let result = if args.crews {
        crews(args)
    } else {
        one_crew(args)
    };
    match result {
        Ok(()) => 0,
        Err(err) => {
            eprintln!("error: {err}");
            2
        }
    }
}

fn run(args: &BalanceArgs, preset: &str, players: usize, bot: Bot) -> SimArgs {
    SimArgs {
        games: args.games,
        players,
        preset: preset.to_string(),
        seed: args.seed,
        json: false,
        check: false,
        record: None,
        bot,
        threads: args.threads,
    }
}

/// Every preset, in the order of the data file, as a Markdown table.
fn one_crew(args: &BalanceArgs) -> Result<(), String> {
    println!(
        "| preset | missions | win rate | mean turns | lost: hull | lost: deck | lost: stalemate |"
    );
    println!("|---|---|---|---|---|---|---|");
    for preset in &stp_rules::content::builtin().presets {
        let s = run_games(&run(args, &preset.id, args.players, Bot::Heuristic))?;
        let lost = |cause: &str| s.losses_by_cause.get(cause).copied().unwrap_or(0);
        println!(
            "| {} | {} | {:.1}% | {:.1} | {} | {} | {} |",
            preset.id,
            preset.missions_required,
            100.0 * s.win_rate,
            s.mean_turns,
            lost("hull_destroyed"),
            lost("deck_depleted"),
            lost("stalemate")
        );
    }
    println!(
        "\n{} games per preset, {} players, seed {}: `star-trek-panic balance --games {} --players {} --seed {}`",
        args.games, args.players, args.seed, args.games, args.players, args.seed
    );
    Ok(())
}

/// Every preset and crew size with both bots, as a Markdown table (and as data with --write).
fn crews(args: &BalanceArgs) -> Result<(), String> {
    let captain = Bot::Advisor(Budget::Rollouts(args.rollouts));
    let mut data = BalanceData {
        games: args.games,
        seed: args.seed,
        rollouts: args.rollouts,
        rates: Vec::new(),
    };
    println!("| preset | crew 1 | crew 2 | crew 3 | crew 4 | crew 5 | crew 6 |");
    println!("|---|---|---|---|---|---|---|");
    for preset in &stp_rules::content::builtin().presets {
        let mut cells = Vec::new();
        for players in 1..=6 {
            let ensign = run_games(&run(args, &preset.id, players, Bot::Heuristic))?.win_rate;
            let captain = run_games(&run(args, &preset.id, players, captain))?.win_rate;
            cells.push(format!(
                "{:.0}% / **{:.0}%**",
                100.0 * ensign,
                100.0 * captain
            ));
            data.rates.push(Rate {
                preset: preset.id.clone(),
                players,
                ensign,
                captain,
            });
        }
        println!("| {} | {} |", preset.id, cells.join(" | "));
    }
    println!(
        "\nEnsign (heuristic) / **Captain (advisor, {} rollouts a decision)**, {} games each, seed {}: \
         `star-trek-panic balance --crews --games {} --rollouts {} --seed {}`",
        args.rollouts, args.games, args.seed, args.games, args.rollouts, args.seed
    );
    if let Some(path) = &args.write {
        let text = ron::ser::to_string_pretty(&data, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        stp_rules::files::write_atomically(path, &format!("// Written by `star-trek-panic balance --crews --write`; do not edit by hand.\n{text}\n"))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

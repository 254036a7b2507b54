//! The `balance` subcommand: win rates of every preset, measured by simulation.
//! - By default: the heuristic bot, one crew size, with the causes of defeat.
//! - `--crews`: crews of 1 to 6 with both bots (the Ensign heuristic and the Captain
//!   advisor); `--write FILE` keeps the numbers as data (`assets/balance.ron`), which the
//!   setup screen shows, so no win rate is typed by hand.

use stp_rules::advisor::Budget;
use stp_rules::sim::Bot;

use super::simulate::{SimArgs, run_games};
use super::whole;
use crate::words::odds::{BalanceData, Rate};

/// Simulate every preset and print the win-rate table (Markdown) for the README.
///
/// --crews measures crews of 1 to 6 with both bots (the Captain advisor at --rollouts a
/// decision) and --write keeps those numbers as data for the game (assets/balance.ron).
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct BalanceArgs {
    /// Games per preset (and per crew size with --crews)
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = whole::<u64, 0, { u64::MAX }>)]
    pub games: u64,
    /// How many players, 1–6 (without --crews)
    #[arg(long, value_name = "P", default_value_t = 4, value_parser = whole::<usize, 1, 6>)]
    pub players: usize,
    /// The first game's seed
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole::<u64, 0, { u64::MAX }>)]
    pub seed: u64,
    /// Play on N threads, 1–256 (default: every core)
    #[arg(long, value_name = "N", value_parser = whole::<usize, 1, 256>)]
    pub threads: Option<usize>,
    /// Measure crews of 1 to 6 with both bots
    #[arg(long)]
    pub crews: bool,
    /// With --crews: the advisor's rollouts a decision (the shipped assets/balance.ron is
    /// measured at the default, near the Captain crewmate's strength at the table)
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = whole::<u32, 1, { u32::MAX as u64 }>)]
    pub rollouts: u32,
    /// With --crews: keep the numbers as data in FILE.ron
    #[arg(long, value_name = "FILE.ron")]
    pub write: Option<std::path::PathBuf>,
}

/// Runs `balance`, once its options agree; returns the exit code.
pub(crate) fn run(args: BalanceArgs) -> i32 {
    if !args.crews && args.write.is_some() {
        return super::refuse(
            Some("balance"),
            "--write keeps the numbers of --crews: add --crews",
        );
    }
    balance(&args)
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

fn sim_args(args: &BalanceArgs, preset: &str, players: usize, bot: Bot) -> SimArgs {
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
        let s = run_games(&sim_args(args, &preset.id, args.players, Bot::Heuristic))?;
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
            let ensign = run_games(&sim_args(args, &preset.id, players, Bot::Heuristic))?.win_rate;
            let captain = run_games(&sim_args(args, &preset.id, players, captain))?.win_rate;
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

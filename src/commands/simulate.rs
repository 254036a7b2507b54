//! The `simulate` subcommand: complete bot games headless, on every core, with a summary.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use stp_rules::GameOptions;
use stp_rules::advisor::Budget;
use stp_rules::files::ReplayFile;
use stp_rules::sim::{Bot, GameRecord, Summary, game_seed, play_game_with};

use super::whole;

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SimArgs {
    pub games: u64,
    pub players: usize,
    pub preset: String,
    pub seed: u64,
    pub json: bool,
    pub check: bool,
    pub record: Option<std::path::PathBuf>,
    pub bot: Bot,
    /// Threads to play on; `None`: every core.
    pub threads: Option<usize>,
}

impl Default for SimArgs {
    fn default() -> Self {
        SimArgs {
            games: 100,
            players: 4,
            preset: "standard".into(),
            seed: 1,
            json: false,
            check: true,
            record: None,
            bot: Bot::Heuristic,
            threads: None,
        }
    }
}

/// Which bot plays every seat, as `--bot` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum BotName {
    /// The Ensign: the built-in heuristic
    Heuristic,
    /// The Captain: the advisor's search, at --rollouts or --budget-ms a decision
    Advisor,
    /// The advisor's search seeing the real deck, bag and dice: it CHEATS, a bound for
    /// measuring the Captain, never offered in the game
    Oracle,
}

/// The advisor's budget a decision: `--rollouts N` (exact repeats) or `--budget-ms N`.
#[derive(Debug, Clone, clap::Args)]
#[group(multiple = false)]
pub(crate) struct BudgetOptions {
    /// The advisor's rollouts a decision (exact repeats)
    #[arg(long, value_name = "N", value_parser = whole::<u32, 1, { u32::MAX as u64 }>)]
    rollouts: Option<u32>,
    /// The advisor's time a decision, in milliseconds
    #[arg(long, value_name = "N", value_parser = whole::<u64, 1, { u32::MAX as u64 }>)]
    budget_ms: Option<u64>,
}

impl BudgetOptions {
    /// The budget given, if any.
    pub(crate) fn budget(&self) -> Option<Budget> {
        match (self.rollouts, self.budget_ms) {
            (Some(n), _) => Some(Budget::Rollouts(n)),
            (None, Some(ms)) => Some(Budget::Millis(ms)),
            (None, None) => None,
        }
    }
}

/// Play N complete games headless with the built-in bot and print a summary.
///
/// Invariants are checked after every step unless --no-check is given. The results are the
/// same on any number of threads.
#[derive(Debug, clap::Args)]
pub(crate) struct SimulateOptions {
    /// How many games
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = whole::<u64, 0, { u64::MAX }>)]
    games: u64,
    /// How many players, 1–6
    #[arg(long, value_name = "P", default_value_t = 4, value_parser = whole::<usize, 1, 6>)]
    players: usize,
    /// The difficulty preset
    #[arg(long, value_name = "NAME", default_value = "standard", value_parser = super::preset)]
    preset: String,
    /// The first game's seed (each game's own seed follows from it)
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole::<u64, 0, { u64::MAX }>)]
    seed: u64,
    /// Print one JSON object instead of the summary
    #[arg(long)]
    json: bool,
    /// Do not check the invariants after every step
    #[arg(long)]
    no_check: bool,
    /// Write every game as a replay file in DIR
    #[arg(long, value_name = "DIR")]
    record: Option<std::path::PathBuf>,
    /// Who plays every seat
    #[arg(long, value_enum, default_value_t = BotName::Heuristic)]
    bot: BotName,
    #[command(flatten)]
    budget: BudgetOptions,
    /// Play on N threads, 1–256 (default: every core)
    #[arg(long, value_name = "N", value_parser = whole::<usize, 1, 256>)]
    threads: Option<usize>,
}

impl SimulateOptions {
    fn check(self) -> Result<SimArgs, String> {
        let bot = match (self.bot, self.budget.budget()) {
            (BotName::Advisor, budget) => Bot::Advisor(budget.unwrap_or(Budget::SIMULATE)),
            (BotName::Oracle, budget) => Bot::Oracle(budget.unwrap_or(Budget::SIMULATE)),
            (BotName::Heuristic, None) => Bot::Heuristic,
            (BotName::Heuristic, Some(_)) => {
                return Err(
                    "--budget-ms and --rollouts set the advisor's budget: add --bot advisor (or \
                     oracle)"
                        .into(),
                );
            }
        };
        Ok(SimArgs {
            games: self.games,
            players: self.players,
            preset: self.preset,
            seed: self.seed,
            json: self.json,
            check: !self.no_check,
            record: self.record,
            bot,
            threads: self.threads,
        })
    }
}

/// Runs `simulate`; returns the exit code.
pub(crate) fn run(options: SimulateOptions) -> i32 {
    match options.check() {
        Ok(sim) => simulate(&sim),
        Err(message) => super::refuse(Some("simulate"), &message),
    }
}

/// Plays game `index` of a run and writes its record when asked. `options` are the run's,
/// made once a thread (naming the seats is a handful of allocations a game otherwise); the
/// game's seed is set here.
fn run_game(sim: &SimArgs, options: &mut GameOptions, index: u64) -> Result<GameRecord, String> {
    options.seed = game_seed(sim.seed, index);
    let record = play_game_with(options, sim.bot, sim.check, sim.record.is_some())
        .map_err(|err| err.to_string())?;
    if let Some(dir) = &sim.record {
        let path = dir.join(format!("game-{index:05}.json"));
        ReplayFile::new(options, &record.actions, record.final_hash)
            .write(&path)
            .map_err(|err| err.to_string())?;
    }
    Ok(record)
}

/// Plays the games of one run on `--threads` threads; `Err` carries a setup error's message.
/// Each game has its own seed and the summary adds them in game order, so the result is the
/// same on any number of threads.
pub(crate) fn run_games(sim: &SimArgs) -> Result<Summary, String> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};
    let mut summary = Summary::new(sim.seed, &sim.preset, sim.players);
    let progress = std::io::stderr().is_terminal();
    let started = Instant::now();
    let threads = sim
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .min(sim.games.max(1) as usize);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let results: Mutex<Vec<(u64, Result<GameRecord, String>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut options = GameOptions::quick(sim.seed, sim.players, &sim.preset);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= sim.games {
                        break;
                    }
                    let mut record = run_game(sim, &mut options, index);
                    if let Ok(r) = &mut record {
                        // Only the summary's numbers travel back, not a game's actions.
                        r.actions = Vec::new();
                    }
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((index, record));
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    // Often enough for slow advisor games, rarely enough for fast ones.
                    let every = if sim.bot == Bot::Heuristic { 256 } else { 1 };
                    if progress && (finished.is_multiple_of(every) || finished == sim.games) {
                        draw_progress(finished, sim.games);
                    }
                }
            });
        }
    });
    if progress {
        eprintln!();
    }
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(index, _)| *index);
    for (_, record) in results {
        summary.add(&record?);
    }
    summary.finish(started.elapsed().as_secs_f64());
    Ok(summary)
}

pub(crate) fn simulate(sim: &SimArgs) -> i32 {
    let summary = match run_games(sim) {
        Ok(summary) => summary,
        Err(err) => {
            eprintln!("error: {err}");
            return 2;
        }
    };
    if sim.json {
        match serde_json::to_string(&summary) {
            Ok(text) => println!("{text}"),
            Err(err) => {
                eprintln!("error: {err}");
                return 1;
            }
        }
    } else {
        print_summary(&summary);
    }
    i32::from(summary.invariant_violations > 0)
}

fn draw_progress(done: u64, total: u64) {
    let width = 40;
    let filled = (done * width / total.max(1)) as usize;
    eprint!(
        "\r[{}{}] {done}/{total}",
        "#".repeat(filled),
        "-".repeat(width as usize - filled)
    );
    let _ = std::io::stderr().flush();
}

fn print_summary(s: &Summary) {
    println!(
        "{} games, {} players, preset {}, seed {}",
        s.games, s.players, s.preset, s.seed
    );
    println!(
        "won {} ({:.1}%), lost {}, unfinished {}; mean {:.1} turns",
        s.wins,
        100.0 * s.win_rate,
        s.losses,
        s.unfinished,
        s.mean_turns
    );
    for (cause, count) in &s.losses_by_cause {
        println!("  lost by {cause}: {count}");
    }
    // The advisor plays a game or two a second; the heuristic thousands.
    let precision = if s.games_per_second < 10.0 { 2 } else { 0 };
    println!(
        "{:.precision$} games/s ({:.1} s); invariant violations: {}; refused bot actions: {}",
        s.games_per_second, s.elapsed_seconds, s.invariant_violations, s.refused_actions
    );
    for (name, m) in &s.missions {
        println!(
            "  mission {name}: drawn {}, completed {}, failed {}",
            m.drawn, m.completed, m.failed
        );
    }
    for (name, c) in &s.characters {
        println!(
            "  {name}: {} games, {:.1}% won, ability used {} times",
            c.games,
            100.0 * c.win_rate,
            c.ability_uses
        );
    }
}

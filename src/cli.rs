//! Command-line parsing and the `simulate` subcommand.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use stp_rules::GameOptions;
use stp_rules::files::ReplayFile;
use stp_rules::sim::{Summary, game_seed, play_game};

const USAGE: &str = "\
usage:
  star-trek-panic [--seed S] [--players P] [--preset NAME] [--autoplay-turns T]
                  [--screenshot FILE.png] [--load SAVE.json]
  star-trek-panic simulate [--games N] [--players P] [--preset NAME] [--seed S] [--json]
                           [--no-check]
  star-trek-panic balance  [--games N] [--players P] [--seed S]
  star-trek-panic replay FILE [--json]

  (no command) open the 3D tabletop; --seed/--players/--preset skip the setup screen and
             deal that game; --autoplay-turns lets the bot play T turns; --screenshot saves
             the table at 1280x720 and exits; --load opens a saved game (a bad file is
             refused with a message before any window opens).
  simulate   play N complete games headless with the built-in bot and print a summary.
             Invariants are checked after every step unless --no-check is given.
  balance    simulate every preset and print the win-rate table (Markdown) for the README.
  replay     replay a recorded game (.json) or a scenario (.ron) headless; exits 0 when every
             action is legal and a recorded final state hash matches.
  --record DIR (simulate) writes every game as a replay file in DIR.
";

/// Runs the command line; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("simulate") => match SimArgs::parse(&args[1..]) {
            Ok(sim) => simulate(&sim),
            Err(message) => {
                eprintln!("error: {message}\n\n{USAGE}");
                2
            }
        },
        Some("balance") => match SimArgs::parse(&args[1..]) {
            Ok(sim) => balance(&sim),
            Err(message) => {
                eprintln!("error: {message}\n\n{USAGE}");
                2
            }
        },
        Some("replay") => crate::replay::run(&args[1..]),
        Some("--help") | Some("-h") | Some("help") => {
            print!("{USAGE}");
            0
        }
        _ => match PlayArgs::parse(args) {
            Ok(play) => play.run(),
            Err(message) => {
                eprintln!("error: {message}\n\n{USAGE}");
                2
            }
        },
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SimArgs {
    pub games: u64,
    pub players: usize,
    pub preset: String,
    pub seed: u64,
    pub json: bool,
    pub check: bool,
    pub record: Option<std::path::PathBuf>,
}

impl SimArgs {
    pub fn parse(args: &[String]) -> Result<SimArgs, String> {
        let mut sim = SimArgs {
            games: 100,
            players: 4,
            preset: "standard".into(),
            seed: 1,
            json: false,
            check: true,
            record: None,
        };
        let mut iter = args.iter();
        while let Some(flag) = iter.next() {
            let mut value = |name: &str| next_value(&mut iter, name);
            match flag.as_str() {
                "--games" => sim.games = number(&value("--games")?, "--games")?,
                "--players" => sim.players = number(&value("--players")?, "--players")? as usize,
                "--preset" => sim.preset = value("--preset")?,
                "--seed" => sim.seed = number(&value("--seed")?, "--seed")?,
                "--json" => sim.json = true,
                "--no-check" => sim.check = false,
                "--record" => sim.record = Some(value("--record")?.into()),
                other => return Err(format!("unknown option `{other}`")),
            }
        }
        if !(1..=6).contains(&sim.players) {
            return Err(format!("--players must be 1–6, not {}", sim.players));
        }
        Ok(sim)
    }
}

/// The value after an option, or a message naming the option.
fn next_value<'a>(
    iter: &mut impl Iterator<Item = &'a String>,
    name: &str,
) -> Result<String, String> {
    iter.next()
        .cloned()
        .ok_or_else(|| format!("{name} needs a value"))
}

fn number(text: &str, name: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{name} expects a whole number, not `{text}`"))
}

/// Plays the games of one run; `Err` carries a setup error's message.
fn run_games(sim: &SimArgs) -> Result<Summary, String> {
    let mut summary = Summary::new(sim.seed, &sim.preset, sim.players);
    let progress = std::io::stderr().is_terminal();
    let started = Instant::now();
    for index in 0..sim.games {
        let options = GameOptions::quick(game_seed(sim.seed, index), sim.players, &sim.preset);
        let record =
            play_game(&options, sim.check, sim.record.is_some()).map_err(|err| err.to_string())?;
        if let Some(dir) = &sim.record {
            let path = dir.join(format!("game-{index:05}.json"));
            ReplayFile::new(&options, &record.actions, record.final_hash)
                .write(&path)
                .map_err(|err| err.to_string())?;
        }
        summary.add(&record);
        if progress && (index % 256 == 0 || index + 1 == sim.games) {
            draw_progress(index + 1, sim.games);
        }
    }
    if progress {
        eprintln!();
    }
    summary.finish(started.elapsed().as_secs_f64());
    Ok(summary)
}

fn simulate(sim: &SimArgs) -> i32 {
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
    println!(
        "{:.0} games/s; invariant violations: {}; refused bot actions: {}",
        s.games_per_second, s.invariant_violations, s.refused_actions
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

/// Every preset, in the order of the data file, as a Markdown table.
fn balance(sim: &SimArgs) -> i32 {
    println!(
        "| preset | missions | win rate | mean turns | lost: hull | lost: deck | lost: stalemate |"
    );
    println!("|---|---|---|---|---|---|---|");
    for preset in &stp_rules::content::builtin().presets {
        let run = SimArgs {
            preset: preset.id.clone(),
            check: false,
            record: None,
            ..sim.clone()
        };
        let s = match run_games(&run) {
            Ok(summary) => summary,
            Err(err) => {
                eprintln!("error: {err}");
                return 2;
            }
        };
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
        sim.games, sim.players, sim.seed, sim.games, sim.players, sim.seed
    );
    0
}

/// The tabletop's options.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlayArgs {
    pub seed: Option<u64>,
    pub players: Option<usize>,
    pub preset: Option<String>,
    pub autoplay_turns: u32,
    pub screenshot: Option<std::path::PathBuf>,
    pub load: Option<std::path::PathBuf>,
}

impl PlayArgs {
    pub fn parse(args: &[String]) -> Result<PlayArgs, String> {
        let mut play = PlayArgs::default();
        let mut iter = args.iter();
        while let Some(flag) = iter.next() {
            let mut value = |name: &str| next_value(&mut iter, name);
            match flag.as_str() {
                "--seed" => play.seed = Some(number(&value("--seed")?, "--seed")?),
                "--players" => {
                    let n = number(&value("--players")?, "--players")? as usize;
                    if !(1..=6).contains(&n) {
                        return Err(format!("--players must be 1–6, not {n}"));
                    }
                    play.players = Some(n);
                }
                "--preset" => {
                    let preset = value("--preset")?;
                    if stp_rules::content::builtin().preset(&preset).is_none() {
                        return Err(format!("unknown preset `{preset}`"));
                    }
                    play.preset = Some(preset);
                }
                "--autoplay-turns" => {
                    play.autoplay_turns =
                        number(&value("--autoplay-turns")?, "--autoplay-turns")? as u32
                }
                "--screenshot" => play.screenshot = Some(value("--screenshot")?.into()),
                "--load" => {
                    let path: std::path::PathBuf = value("--load")?.into();
                    if let Err(err) = stp_rules::files::SaveFile::load(&path) {
                        return Err(format!("{}: {err}", path.display()));
                    }
                    play.load = Some(path);
                }
                other => return Err(format!("unknown option `{other}`")),
            }
        }
        Ok(play)
    }

    #[cfg(feature = "gui")]
    fn run(self) -> i32 {
        crate::game::run(crate::game::Launch {
            seed: self.seed,
            players: self.players,
            preset: self.preset,
            autoplay_turns: self.autoplay_turns,
            screenshot: self.screenshot,
            load: self.load,
        })
    }

    #[cfg(not(feature = "gui"))]
    fn run(self) -> i32 {
        eprintln!("error: this build has no tabletop (built without the `gui` feature)");
        2
    }
}

//! The commands, the top layer: the command line parsed and each command run (`play` opens
//! the tabletop; `simulate`, `balance`, `replay`, `hint`, `serve`, `join` and `net-bench`
//! run headless). Nothing below imports them.

pub mod balance;
pub mod hint;
pub(crate) mod net_bench;
pub mod network;
pub mod play;
pub mod replay;
pub mod simulate;

pub use play::{MIN_WINDOW, PlayArgs};
pub(crate) use simulate::SimArgs;

const USAGE: &str = "\
usage:
  star-trek-panic [--seed S] [--players P] [--preset NAME] [--autoplay-turns T]
                  [--screenshot FILE.png] [--load SAVE.json | --scenario FILE.ron]
                  [--pick N] [--threat-steps N] [--bots N] [--tutorial [--lesson N]]
                  [--setup] [--window WIDTHxHEIGHT] [--layout FILE.json]
  star-trek-panic simulate [--games N] [--players P] [--preset NAME] [--seed S] [--json]
                           [--no-check] [--record DIR] [--bot heuristic|advisor]
                           [--budget-ms N | --rollouts N] [--threads N]
  star-trek-panic balance  [--games N] [--players P] [--seed S] [--threads N]
                           [--crews [--rollouts N] [--write FILE.ron]]
  star-trek-panic replay FILE [--json | --log]
  star-trek-panic hint FILE [--json] [--budget-ms N | --rollouts N] [--seed S]
  star-trek-panic serve --port P --code SECRET [--seed S] [--players P] [--preset NAME]
                        [--bots K] [--save FILE] [--load SAVE.json] [--record FILE]
                        [--json]
  star-trek-panic join HOST:PORT --code SECRET [--seat I] [--bot [--delay-ms N] [--json]]
  star-trek-panic join HOST:PORT --code SECRET --watch [--no-window [--json]]
  star-trek-panic net-bench [--games N] [--players P] [--preset NAME] [--seed S] [--port P]
                            [--json]
  star-trek-panic bare-window
  star-trek-panic help

  (no command) open the 3D tabletop; --seed/--players/--preset skip the setup screen and
             deal that game; --autoplay-turns lets the bot play T turns (0 to 4294967295);
             --screenshot saves the table at 1280x720 and exits; --load opens a saved game
             (a bad file is refused with a message before any window opens; it cannot be
             combined with --seed, --players or --preset); --scenario opens the table at a
             scenario file's position, the files `replay` runs (checked the same way);
             --pick N picks the active player's Nth card (1–9) as the table opens;
             --threat-steps N ends the Play phase and holds its threat phase after N
             steps (these two put a moment on screen for --screenshot); --bots N makes
             the last N seats Captain bots (the advisor) for a game dealt here;
             --tutorial opens the Academy's first lesson (ten short lessons), --lesson N
             its Nth; --setup opens the setup screen instead of the title, filled in
             from --seed, --players, --preset and --bots. --window
             opens the window at that size (default 1280x720, at least 1024x600);
             --layout (with --screenshot) writes what the picture shows as JSON: the
             board, the ship, each token and its Defense digits, every label on the board
             and the panels, as rects in the picture's pixels.
  simulate   play N complete games headless with the built-in bot and print a summary
             (--json: one JSON object). Invariants are checked after every step unless
             --no-check is given. --record DIR writes every game as a replay file in DIR.
             --bot picks who plays every seat: the heuristic (default) or the advisor, a
             search bot whose budget per decision is --rollouts N (default 240; exact
             repeats) or --budget-ms N. --threads N plays on N threads (default: every
             core); the results are the same as on one.
  balance    simulate every preset and print the win-rate table (Markdown) for the README;
             --crews measures crews of 1 to 6 with both bots (the advisor at --rollouts N a
             decision, default 120) and --write keeps those numbers as data for the game
             (assets/balance.ron).
  replay     replay a recorded game (.json) or a scenario (.ron) headless; exits 0 when every
             action is legal and a recorded final state hash matches (--json: the final
             table as JSON; --log: first the game's log as the game shows it, a line an
             entry, stamped with the turn and the player whose turn it was).
  hint       the advisor's next action for whoever must act in a save, a replay (its final
             position) or a scenario, with a one-line reason; it searches 600 ms unless
             --budget-ms or --rollouts (exact repeats) says otherwise. --json prints one
             object: player, action (written as the file writes actions), words, reason,
             millis.
  serve      host a game without a window on UDP port P; players join with the same code
             (at least 8 characters; `--code -` reads it from standard input, and without
             --code it comes from STAR_TREK_PANIC_CODE, so it stays out of the process
             list); the last K seats are played by the host's bot. Prints
             the outcome and final state hash at the end (--json: one object). --save FILE
             saves the game at every new turn; --load hosts such a save again (the same
             code lets the players rejoin); --record FILE writes the whole game at its end
             as a file `replay` plays. A seat whose link drops waits --bot-after S seconds
             (default 60; 0: for ever), then the host's bot plays it until its person is
             back.
  join       play seat I (1-based; without --seat, any free seat the host assigns) of a
             hosted game: in the game's window, or with --bot the built-in bot plays it
             without one; at the end the bot's copy of the game must reach the host's state
             hash (exit 1 if not; exit 2 when no game answers or the code is wrong);
             --delay-ms N makes the bot wait before each action. A client that drops may join again: it gets its seat back at the
             current state once the host has noticed (5 s). --watch watches without a
             seat (at most 4 watchers): the public table and the talk, in the window, or
             with --no-window followed on standard error to the end's hashes. The window's
             setup screen also hosts (seats set to 'Remote player'), joins and watches.
  net-bench  the network's figures on 127.0.0.1: N games (default 5) hosted in this process,
             a bot client in each of P seats (default 3), on ports P, P+1, … (default
             46000); prints the actions a second the host relays, the time from one client's
             action to another client's copy applying it, and the bytes sent a turn.
  bare-window  a bare Bevy 3D + egui window, built like the game: the yardstick for the
             game's start-up time and memory (scripts/startup.sh).

  Players are 1–6; other numbers are whole numbers. Each option is given at most once, and a
  command refuses an option it does not take: the exit status is then 2.
";

/// The options each command takes, in the order of the usage text.
pub(crate) const PLAY_OPTIONS: &[&str] = &[
    "--seed",
    "--players",
    "--preset",
    "--autoplay-turns",
    "--screenshot",
    "--load",
    "--scenario",
    "--pick",
    "--threat-steps",
    "--bots",
    "--tutorial",
    "--lesson",
    "--setup",
    "--window",
    "--layout",
];
pub(crate) const SIMULATE_OPTIONS: &[&str] = &[
    "--games",
    "--players",
    "--preset",
    "--seed",
    "--json",
    "--no-check",
    "--record",
    "--bot",
    "--budget-ms",
    "--rollouts",
    "--threads",
];
pub(crate) const BALANCE_OPTIONS: &[&str] = &[
    "--games",
    "--players",
    "--seed",
    "--threads",
    "--crews",
    "--rollouts",
    "--write",
];
pub(crate) const REPLAY_OPTIONS: &[&str] = &["--json", "--log"];

/// Runs the command line; returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    // The content is checked when the game builds; a broken one is said here, not played.
    if let Err(errors) = stp_rules::content::checked_builtin() {
        for error in errors {
            eprintln!("content error: {error}");
        }
        return 2;
    }
    #[cfg(feature = "gui")]
    crate::game::measure::STARTED.get_or_init(std::time::Instant::now);
    if args.iter().any(|a| a == "--help" || a == "-h") || args.first().is_some_and(|a| a == "help")
    {
        print!("{USAGE}");
        return 0;
    }
    let parsed = match args.first().map(String::as_str) {
        Some("simulate") => {
            SimArgs::parse(&args[1..]).map(|sim| crate::commands::simulate::simulate(&sim))
        }
        Some("balance") => crate::commands::balance::BalanceArgs::parse(&args[1..])
            .map(|args| crate::commands::balance::balance(&args)),
        Some("replay") => return crate::commands::replay::run(&args[1..]),
        Some("bare-window") => return bare_window(&args[1..]),
        Some("hint") => return crate::commands::hint::run(&args[1..]),
        Some("serve") => return crate::commands::network::run_serve(&args[1..]),
        Some("join") => return crate::commands::network::run_join(&args[1..]),
        Some("net-bench") => return crate::commands::net_bench::run(&args[1..]),
        _ => PlayArgs::parse(args).map(PlayArgs::run),
    };
    parsed.unwrap_or_else(|message| refuse(&message))
}

#[cfg(feature = "gui")]
fn bare_window(args: &[String]) -> i32 {
    match args.first() {
        Some(other) => refuse(&format!("bare-window takes no arguments, not `{other}`")),
        None => crate::game::measure::bare_window(),
    }
}

#[cfg(not(feature = "gui"))]
fn bare_window(_: &[String]) -> i32 {
    eprintln!("error: this build has no window (built without the `gui` feature)");
    2
}

/// Refuses a command line: the message, the usage text, exit status 2.
pub(crate) fn refuse(message: &str) -> i32 {
    eprintln!("error: {message}\n\n{USAGE}");
    2
}

/// One argument of a command line, as [`Args`] reads it.
pub(crate) enum Arg<'a> {
    /// An option the command takes, given for the first time.
    Option(&'a str),
    /// Anything that is not an option (a file name).
    Plain(&'a str),
}

/// Reads a command's arguments: refuses options the command does not take, options given
/// twice and options whose value is missing.
pub(crate) struct Args<'a> {
    /// The command, as the messages name it.
    command: &'static str,
    accepted: &'static [&'static str],
    rest: std::slice::Iter<'a, String>,
    seen: Vec<&'a str>,
}

impl<'a> Args<'a> {
    pub(crate) fn new(
        command: &'static str,
        accepted: &'static [&'static str],
        args: &'a [String],
    ) -> Self {
        Args {
            command,
            accepted,
            rest: args.iter(),
            seen: Vec::new(),
        }
    }

    /// The next argument; `Err` for an option this command does not take or one given twice.
    pub(crate) fn next(&mut self) -> Result<Option<Arg<'a>>, String> {
        let Some(arg) = self.rest.next().map(String::as_str) else {
            return Ok(None);
        };
        if !is_option(arg) {
            return Ok(Some(Arg::Plain(arg)));
        }
        if !self.accepted.contains(&arg) {
            let takes = self.accepted.join(", ");
            let elsewhere = [
                ("the tabletop", PLAY_OPTIONS),
                ("simulate", SIMULATE_OPTIONS),
                ("balance", BALANCE_OPTIONS),
                ("replay", REPLAY_OPTIONS),
                ("hint", crate::commands::hint::HINT_OPTIONS),
                ("serve", crate::commands::network::SERVE_OPTIONS),
                ("join", crate::commands::network::JOIN_OPTIONS),
                ("net-bench", crate::commands::net_bench::NET_BENCH_OPTIONS),
            ]
            .into_iter()
            .filter(|(_, options)| options.contains(&arg))
            .map(|(command, _)| command)
            .collect::<Vec<_>>();
            return Err(if elsewhere.is_empty() {
                format!("unknown option `{arg}` ({} takes {takes})", self.command)
            } else {
                format!(
                    "{} does not take `{arg}` (that is an option of {}); it takes {takes}",
                    self.command,
                    elsewhere.join(" and ")
                )
            });
        }
        if self.seen.contains(&arg) {
            return Err(format!("{arg} is given twice"));
        }
        self.seen.push(arg);
        Ok(Some(Arg::Option(arg)))
    }

    /// The value after option `name`, or a message naming the option.
    pub(crate) fn value(&mut self, name: &str) -> Result<&'a str, String> {
        match self.rest.next().map(String::as_str) {
            Some(value) if !is_option(value) => Ok(value),
            Some(option) => Err(format!("{name} needs a value, not the option `{option}`")),
            None => Err(format!("{name} needs a value")),
        }
    }

    /// The whole number after option `name`, at most `max`.
    pub(crate) fn number(&mut self, name: &str, max: u64) -> Result<u64, String> {
        let text = self.value(name)?;
        number(text, name, max)
    }

    /// The thread count after `--threads`: 1 to 256.
    pub(crate) fn threads(&mut self) -> Result<usize, String> {
        let text = self.value("--threads")?;
        match number(text, "--threads", u64::MAX) {
            Ok(n @ 1..=256) => Ok(n as usize),
            _ => Err(format!("--threads must be 1–256, not `{text}`")),
        }
    }

    /// The player count after `--players`: 1 to 6.
    pub(crate) fn players(&mut self) -> Result<usize, String> {
        let text = self.value("--players")?;
        match number(text, "--players", u64::MAX) {
            Ok(n @ 1..=6) => Ok(n as usize),
            _ => Err(format!("--players must be 1–6, not `{text}`")),
        }
    }
}

/// Whether an argument is an option (`-x`, `--x`) rather than a value; a negative number is
/// a value (refused later as not a whole number).
fn is_option(arg: &str) -> bool {
    arg.starts_with('-') && arg.len() > 1 && arg.parse::<i64>().is_err()
}

/// `text` as a whole number from 0 to `max`, or a message naming option `name`.
pub(crate) fn number(text: &str, name: &str, max: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        Err(e) if *e.kind() != std::num::IntErrorKind::PosOverflow => {
            Err(format!("{name} expects a whole number, not `{text}`"))
        }
        _ => Err(format!("{name} must be at most {max}, not `{text}`")),
    }
}

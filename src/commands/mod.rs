//! The commands, the top layer: the command line parsed and each command run (`play` opens
//! the tabletop; `simulate`, `balance`, `replay`, `hint`, `serve`, `join` and `net-bench`
//! run headless). Nothing below imports them.
//!
//! Every option is defined once, with clap's derive: the parser, each command's `--help`,
//! the errors (exit 2) and the README's command table ([`command_table`]) all come from
//! these definitions.

pub mod balance;
pub mod hint;
pub(crate) mod net_bench;
pub mod network;
pub mod play;
pub mod replay;
pub mod simulate;

use clap::{CommandFactory, Parser, Subcommand};

pub use play::{MIN_WINDOW, PlayArgs};

/// Star Trek Panic, the cooperative tabletop game.
///
/// With no command it opens the 3D tabletop; its options skip the setup screen, open a save,
/// a scenario or a lesson, or put a moment on screen for a picture.
#[derive(Debug, Parser)]
#[command(
    name = "star-trek-panic",
    version,
    args_conflicts_with_subcommands = true,
    allow_negative_numbers = true,
    after_help = "Players are 1–6; other numbers are whole numbers. A command refuses an option \
                  it does not take, or one given twice: the exit status is then 2. \
                  `star-trek-panic COMMAND --help` says what each command takes."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    Simulate(simulate::SimulateOptions),
    Balance(balance::BalanceArgs),
    Replay(replay::ReplayOptions),
    Hint(hint::HintOptions),
    Serve(network::ServeOptions),
    Join(network::JoinOptions),
    NetBench(net_bench::BenchArgs),
    /// A bare Bevy 3D + egui window, built like the game.
    ///
    /// The yardstick for the game's start-up time and memory (scripts/startup.sh).
    BareWindow,
}

/// Runs the command line (without the program's name); returns the process exit code.
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
    let cli = match Cli::try_parse_from(
        std::iter::once("star-trek-panic").chain(args.iter().map(String::as_str)),
    ) {
        Ok(cli) => cli,
        // `--help` and `--version` print and exit 0; a refused command line exits 2.
        Err(err) => {
            let _ = err.print();
            return err.exit_code();
        }
    };
    match cli.command {
        None => cli.play.open(),
        Some(Command::Simulate(options)) => simulate::run(options),
        Some(Command::Balance(options)) => balance::run(options),
        Some(Command::Replay(options)) => replay::run(options),
        Some(Command::Hint(options)) => hint::run(options),
        Some(Command::Serve(options)) => network::run_serve(options),
        Some(Command::Join(options)) => network::run_join(options),
        Some(Command::NetBench(options)) => net_bench::run(options),
        Some(Command::BareWindow) => bare_window(),
    }
}

#[cfg(feature = "gui")]
fn bare_window() -> i32 {
    crate::game::measure::bare_window()
}

#[cfg(not(feature = "gui"))]
fn bare_window() -> i32 {
    eprintln!("error: this build has no window (built without the `gui` feature)");
    2
}

/// Refuses a command line that clap parsed but the command's own checks do not take (two
/// options that contradict each other, a file that does not load): the message in clap's
/// form, with the command's usage, and exit status 2. `command`: the subcommand, or `None`
/// for the tabletop.
pub(crate) fn refuse(command: Option<&str>, message: &str) -> i32 {
    let mut cli = Cli::command();
    cli.build();
    let target = match command.and_then(|name| cli.find_subcommand_mut(name)) {
        Some(sub) => sub,
        None => &mut cli,
    };
    let err = target.error(clap::error::ErrorKind::ValueValidation, message);
    let _ = err.print();
    2
}

/// The README's table of commands, from the same definitions as the parser: a row a
/// command, its name and the first line of what its `--help` says.
pub fn command_table() -> String {
    let cli = Cli::command();
    let mut table = String::from("| command | what it does |\n|---|---|\n");
    table.push_str("| *(none)* | open the 3D tabletop (`--help` lists its options) |\n");
    for sub in cli.get_subcommands().filter(|s| s.get_name() != "help") {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        let about = about.trim_end_matches('.');
        table.push_str(&format!("| `{}` | {about} |\n", sub.get_name()));
    }
    table
}

/// A whole number from `LOW` to `HIGH`, as type `T`: the one number rule of every option.
/// clap puts the message after "invalid value 'TEXT' for '--OPTION <N>'".
pub(crate) fn whole<T: TryFrom<u64>, const LOW: u64, const HIGH: u64>(
    text: &str,
) -> Result<T, String> {
    let range = || {
        if LOW == 0 {
            format!("must be at most {HIGH}")
        } else if HIGH == u64::MAX {
            format!("must be at least {LOW}")
        } else {
            format!("must be {LOW}–{HIGH}")
        }
    };
    let n = match text.parse::<u64>() {
        Ok(n) => n,
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => return Err(range()),
        Err(_) => return Err("expects a whole number".into()),
    };
    if !(LOW..=HIGH).contains(&n) {
        return Err(range());
    }
    T::try_from(n).map_err(|_| range())
}

/// A difficulty preset's name, checked against the shipped presets.
pub(crate) fn preset(text: &str) -> Result<String, String> {
    let content = stp_rules::content::builtin();
    match content.preset(text) {
        Some(_) => Ok(text.to_string()),
        None => Err(format!(
            "unknown preset (the presets are {})",
            content
                .presets
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

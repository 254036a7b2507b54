//! The tabletop's command line (no command, or `join` without `--bot`): its options, checked
//! before any window opens, then handed to the game as its own `Launch`.

use std::path::PathBuf;

use clap::Parser;

use super::whole;

/// The tabletop's options, as the command line gives them (clap reads them; each doc comment
/// is its `--help`); the game takes them as its own `game::launch::Launch`.
#[derive(Debug, Clone, Default, PartialEq, clap::Args)]
pub struct PlayArgs {
    /// Deal the game from this seed (skips the setup screen)
    #[arg(long, value_name = "S", value_parser = whole::<u64, 0, { u64::MAX }>)]
    pub seed: Option<u64>,
    /// How many players, 1–6 (skips the setup screen)
    #[arg(long, value_name = "P", value_parser = whole::<usize, 1, 6>)]
    pub players: Option<usize>,
    /// The difficulty preset, such as cadet or admiral (skips the setup screen)
    #[arg(long, value_name = "NAME", value_parser = super::preset)]
    pub preset: Option<String>,
    /// Let the bot play T turns as the table opens
    #[arg(long, value_name = "T", default_value_t = 0, value_parser = whole::<u32, 0, { u32::MAX as u64 }>)]
    pub autoplay_turns: u32,
    /// Save the table as a picture once it is drawn, and exit
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// Open a saved game (a bad file is refused before any window opens)
    #[arg(long, value_name = "SAVE.json")]
    pub load: Option<PathBuf>,
    /// Open the table at a scenario file's position (the files `replay` runs)
    #[arg(long, value_name = "FILE.ron")]
    pub scenario: Option<PathBuf>,
    /// Pick the active player's Nth card (1–9) as the table opens
    #[arg(long, value_name = "N", value_parser = whole::<usize, 1, 9>)]
    pub pick: Option<usize>,
    /// End the Play phase and hold its threat phase after N steps (0–1000)
    #[arg(long, value_name = "N", value_parser = whole::<usize, 0, 1000>)]
    pub threat_steps: Option<usize>,
    /// Make the last N seats (0–6) Captain bots, the advisor, in a game dealt here
    #[arg(long, value_name = "N", value_parser = whole::<usize, 0, 6>)]
    pub bots: Option<usize>,
    /// Open the Academy's first lesson
    #[arg(long)]
    pub tutorial: bool,
    /// With --tutorial: open the Academy's Nth lesson (1–10)
    #[arg(long, value_name = "N", value_parser = whole::<usize, 1, 10>)]
    pub lesson: Option<usize>,
    /// Open the setup screen instead of the title, filled in from --seed, --players, --preset
    /// and --bots
    #[arg(long)]
    pub setup: bool,
    /// The window's size, from 1024x600 to 7680x4320 (default 1280x720)
    #[arg(long, value_name = "WIDTHxHEIGHT", value_parser = window_size)]
    pub window: Option<(u32, u32)>,
    /// With --screenshot: write what the picture shows as JSON (the board, the ship, each
    /// token and its Defense digits, every label, as rects in the picture's pixels)
    #[arg(long, value_name = "FILE.json")]
    pub layout: Option<PathBuf>,
    /// Where saves, the autosave and the settings live (`None`: nothing is kept).
    #[arg(skip)]
    pub data_dir: Option<PathBuf>,
    /// Join a game hosted elsewhere as the table opens (`join` without `--bot`).
    #[arg(skip)]
    pub join: Option<crate::net::join::JoinArgs>,
}

/// The smallest window the table is laid out for (the game's `launch::MIN_WINDOW`).
pub const MIN_WINDOW: (u32, u32) = (1024, 600);

/// `WIDTHxHEIGHT`, each within what the table supports.
fn window_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || "expects WIDTHxHEIGHT such as 1280x720".to_string();
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if w < MIN_WINDOW.0 || h < MIN_WINDOW.1 || w > 7680 || h > 4320 {
        return Err(format!(
            "must be from {}x{} to 7680x4320",
            MIN_WINDOW.0, MIN_WINDOW.1
        ));
    }
    Ok((w, h))
}

impl PlayArgs {
    /// Opens the tabletop, or refuses options that contradict each other or a file that does
    /// not load.
    pub(crate) fn open(self) -> i32 {
        match self.check() {
            Ok(()) => self.run(),
            Err(message) => super::refuse(None, &message),
        }
    }

    /// The game's arguments, once the options agree with each other and the files load.
    fn check(&self) -> Result<(), String> {
        let PlayArgs {
            seed,
            players,
            preset,
            screenshot,
            load,
            scenario,
            lesson,
            layout,
            ..
        } = self;
        let (tutorial, setup) = (self.tutorial, self.setup);
        if let Some(path) = &load
            && let Err(err) = stp_rules::files::SaveFile::load(path)
        {
            return Err(format!("{}: {err}", path.display()));
        }
        if let Some(path) = &scenario
            && let Err(err) = stp_rules::scenario::Scenario::load(path)
        {
            return Err(format!("{}: {err}", path.display()));
        }
        // Refused now, not after a window has opened and rendered.
        if let Some(path) = &layout {
            let folder = path.parent().filter(|f| !f.as_os_str().is_empty());
            if let Some(folder) = folder.filter(|f| !f.is_dir()) {
                return Err(format!(
                    "--layout {}: there is no folder {}",
                    path.display(),
                    folder.display()
                ));
            }
        }
        let dealt = seed.is_some() || players.is_some() || preset.is_some();
        if lesson.is_some() && !tutorial {
            return Err("--lesson picks an Academy lesson: add --tutorial".into());
        }
        if tutorial && (load.is_some() || scenario.is_some() || dealt) {
            return Err(
                "--tutorial opens the Academy's own table: it cannot be combined with --load, \
                 --scenario, --seed, --players or --preset"
                    .into(),
            );
        }
        if setup && (load.is_some() || scenario.is_some() || tutorial) {
            return Err(
                "--setup opens the setup screen (--seed, --players, --preset and --bots fill \
                 it in): it cannot be combined with --load, --scenario or --tutorial"
                    .into(),
            );
        }
        if layout.is_some() && screenshot.is_none() {
            return Err("--layout reports what a picture shows: add --screenshot FILE.png".into());
        }
        if load.is_some() && scenario.is_some() {
            return Err("--load and --scenario each open a table: give one of them".into());
        }
        if (load.is_some() || scenario.is_some()) && dealt {
            return Err(
                "--load opens a saved game with its own seed, players and preset: it cannot be \
                 combined with --seed, --players or --preset"
                    .into(),
            );
        }
        Ok(())
    }
}

impl PlayArgs {
    /// The tabletop's arguments from a command line without the program's name, as `run`
    /// reads it; `Err` is the message a refused line prints.
    pub fn parse(args: &[String]) -> Result<PlayArgs, String> {
        let cli = super::Cli::try_parse_from(
            std::iter::once("star-trek-panic").chain(args.iter().map(String::as_str)),
        )
        .map_err(|err| err.to_string())?;
        if cli.command.is_some() {
            return Err("a command, not the tabletop's options".into());
        }
        cli.play.check()?;
        Ok(cli.play)
    }

    #[cfg(feature = "gui")]
    pub(crate) fn run(self) -> i32 {
        crate::game::run(self.launch(crate::data_dir::data_dir()))
    }

    /// What the game is launched with, keeping its files in `data_dir`.
    #[cfg(feature = "gui")]
    pub fn launch(self, data_dir: Option<std::path::PathBuf>) -> crate::game::launch::Launch {
        let PlayArgs {
            seed,
            players,
            preset,
            autoplay_turns,
            screenshot,
            load,
            scenario,
            data_dir: _,
            pick,
            threat_steps,
            bots,
            tutorial,
            lesson,
            setup,
            join,
            window,
            layout,
        } = self;
        crate::game::launch::Launch {
            seed,
            players,
            preset,
            autoplay_turns,
            screenshot,
            load,
            scenario,
            data_dir,
            pick,
            threat_steps,
            bots,
            tutorial,
            lesson,
            setup,
            join,
            window,
            layout,
        }
    }

    #[cfg(not(feature = "gui"))]
    pub(crate) fn run(self) -> i32 {
        eprintln!("error: this build has no tabletop (built without the `gui` feature)");
        2
    }
}

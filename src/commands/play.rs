//! The tabletop's command line (no command, or `join` without `--bot`): its options, checked
//! before any window opens, then handed to the game as its own `Launch`.

use super::{Arg, Args, PLAY_OPTIONS, number};

/// The tabletop's options, as the command line gives them; the game takes them as its own
/// `game::launch::Launch`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlayArgs {
    pub seed: Option<u64>,
    pub players: Option<usize>,
    pub preset: Option<String>,
    pub autoplay_turns: u32,
    pub screenshot: Option<std::path::PathBuf>,
    /// A saved game to open (checked here, before any window opens).
    pub load: Option<std::path::PathBuf>,
    /// A scenario to open the table at (checked the same way).
    pub scenario: Option<std::path::PathBuf>,
    /// Where saves, the autosave and the settings live (`None`: nothing is kept).
    pub data_dir: Option<std::path::PathBuf>,
    /// Pick the active player's Nth card (1-based) once the table opens.
    pub pick: Option<usize>,
    /// End the Play phase and hold the threat phase after this many steps.
    pub threat_steps: Option<usize>,
    /// The last N seats are Captain bots.
    pub bots: Option<usize>,
    /// Open the Academy's first lesson.
    pub tutorial: bool,
    /// The lesson to open (1-based; with `--tutorial`).
    pub lesson: Option<usize>,
    /// Open the setup screen instead of the title (for a picture of it, or to skip a click).
    pub setup: bool,
    /// Join a game hosted elsewhere as the table opens (`join` without `--bot`).
    pub join: Option<crate::net::join::JoinArgs>,
    /// The window's size in pixels (`--window WIDTHxHEIGHT`; `None`: 1280x720).
    pub window: Option<(u32, u32)>,
    /// Where `--screenshot` also writes its layout report (JSON).
    pub layout: Option<std::path::PathBuf>,
}

/// The smallest window the table is laid out for (the game's `launch::MIN_WINDOW`).
pub const MIN_WINDOW: (u32, u32) = (1024, 600);

/// `WIDTHxHEIGHT`, each within what the table supports.
fn window_size(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--window expects WIDTHxHEIGHT such as 1280x720, not `{text}`");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if w < MIN_WINDOW.0 || h < MIN_WINDOW.1 || w > 7680 || h > 4320 {
        return Err(format!(
            "--window must be from {}x{} to 7680x4320, not `{text}`",
            MIN_WINDOW.0, MIN_WINDOW.1
        ));
    }
    Ok((w, h))
}

impl PlayArgs {
    pub fn parse(args: &[String]) -> Result<PlayArgs, String> {
        let mut play = PlayArgs::default();
        let mut args = Args::new("the tabletop", PLAY_OPTIONS, args);
        let mut first = true;
        while let Some(arg) = args.next()? {
            match arg {
                Arg::Option("--seed") => play.seed = Some(args.number("--seed", u64::MAX)?),
                Arg::Option("--players") => play.players = Some(args.players()?),
                Arg::Option("--preset") => {
                    let preset = args.value("--preset")?;
                    if stp_rules::content::builtin().preset(preset).is_none() {
                        return Err(format!("unknown preset `{preset}`"));
                    }
                    play.preset = Some(preset.to_string());
                }
                Arg::Option("--autoplay-turns") => {
                    let turns = args.number("--autoplay-turns", u32::MAX.into())?;
                    play.autoplay_turns = u32::try_from(turns).expect("at most u32::MAX");
                }
                Arg::Option("--screenshot") => {
                    play.screenshot = Some(args.value("--screenshot")?.into());
                }
                Arg::Option("--load") => {
                    let path: std::path::PathBuf = args.value("--load")?.into();
                    if let Err(err) = stp_rules::files::SaveFile::load(&path) {
                        return Err(format!("{}: {err}", path.display()));
                    }
                    play.load = Some(path);
                }
                Arg::Option("--scenario") => {
                    let path: std::path::PathBuf = args.value("--scenario")?.into();
                    if let Err(err) = stp_rules::scenario::Scenario::load(&path) {
                        return Err(format!("{}: {err}", path.display()));
                    }
                    play.scenario = Some(path);
                }
                Arg::Option("--pick") => {
                    let text = args.value("--pick")?;
                    match number(text, "--pick", u64::MAX) {
                        Ok(n @ 1..=9) => play.pick = Some(n as usize),
                        _ => return Err(format!("--pick must be 1–9, not `{text}`")),
                    }
                }
                Arg::Option("--tutorial") => play.tutorial = true,
                Arg::Option("--setup") => play.setup = true,
                Arg::Option("--lesson") => {
                    let text = args.value("--lesson")?;
                    match number(text, "--lesson", u64::MAX) {
                        Ok(n @ 1..=10) => play.lesson = Some(n as usize),
                        _ => return Err(format!("--lesson must be 1–10, not `{text}`")),
                    }
                }
                Arg::Option("--bots") => {
                    let text = args.value("--bots")?;
                    match number(text, "--bots", u64::MAX) {
                        Ok(n @ 0..=6) => play.bots = Some(n as usize),
                        _ => return Err(format!("--bots must be 0–6, not `{text}`")),
                    }
                }
                Arg::Option("--window") => {
                    play.window = Some(window_size(args.value("--window")?)?)
                }
                Arg::Option("--layout") => {
                    let path: std::path::PathBuf = args.value("--layout")?.into();
                    // Refused now, not after a window has opened and rendered.
                    let folder = path.parent().filter(|f| !f.as_os_str().is_empty());
                    if folder.is_some_and(|f| !f.is_dir()) {
                        return Err(format!(
                            "--layout {}: there is no folder {}",
                            path.display(),
                            folder.map_or(String::new(), |f| f.display().to_string())
                        ));
                    }
                    play.layout = Some(path);
                }
                Arg::Option("--threat-steps") => {
                    let steps = args.number("--threat-steps", 1000)?;
                    play.threat_steps = Some(steps as usize);
                }
                Arg::Option(other) => unreachable!("{other} is in PLAY_OPTIONS"),
                Arg::Plain(other) if first => return Err(format!("unknown command `{other}`")),
                Arg::Plain(other) => return Err(format!("unexpected argument `{other}`")),
            }
            first = false;
        }
        if play.lesson.is_some() && !play.tutorial {
            return Err("--lesson picks an Academy lesson: add --tutorial".into());
        }
        if play.tutorial
            && (play.load.is_some()
                || play.scenario.is_some()
                || play.seed.is_some()
                || play.players.is_some()
                || play.preset.is_some())
        {
            return Err(
                "--tutorial opens the Academy's own table: it cannot be combined with --load, \
                 --scenario, --seed, --players or --preset"
                    .into(),
            );
        }
        if play.setup && (play.load.is_some() || play.scenario.is_some() || play.tutorial) {
            return Err(
                "--setup opens the setup screen (--seed, --players, --preset and --bots fill \
                 it in): it cannot be combined with --load, --scenario or --tutorial"
                    .into(),
            );
        }
        if play.layout.is_some() && play.screenshot.is_none() {
            return Err("--layout reports what a picture shows: add --screenshot FILE.png".into());
        }
        if play.load.is_some() && play.scenario.is_some() {
            return Err("--load and --scenario each open a table: give one of them".into());
        }
        if (play.load.is_some() || play.scenario.is_some())
            && (play.seed.is_some() || play.players.is_some() || play.preset.is_some())
        {
            return Err(
                "--load opens a saved game with its own seed, players and preset: it cannot be \
                 combined with --seed, --players or --preset"
                    .into(),
            );
        }
        Ok(play)
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

//! The `serve` and `join` command lines.

use stp_rules::GameOptions;

use super::{Arg, Args, refuse};
use crate::net::host::{ServeArgs, serve};
use crate::net::join::{JoinArgs, join};
use crate::net::{check_secret, parse_address};

pub(crate) const SERVE_OPTIONS: &[&str] = &[
    "--port",
    "--code",
    "--seed",
    "--players",
    "--preset",
    "--bots",
    "--json",
    "--save",
    "--load",
    "--record",
    "--bot-after",
];
pub(crate) const JOIN_OPTIONS: &[&str] = &[
    "--code",
    "--seat",
    "--bot",
    "--json",
    "--delay-ms",
    "--watch",
    "--no-window",
];

/// Where a code comes from when `--code` does not give it on the command line (which other
/// users of the machine can read in its process list): this variable, or `--code -`, which
/// reads it from the first line of standard input.
pub(crate) const CODE_VARIABLE: &str = "STAR_TREK_PANIC_CODE";

/// The code as given: `--code SECRET`, `--code -` (a line of standard input), or else the
/// environment's `STAR_TREK_PANIC_CODE`; checked for length.
fn secret(command: &str, given: Option<String>) -> Result<String, String> {
    let code = match given.as_deref() {
        Some("-") => {
            let mut line = String::new();
            std::io::stdin()
                .read_line(&mut line)
                .map_err(|e| format!("--code -: standard input could not be read: {e}"))?;
            line.trim_end_matches(['\r', '\n']).to_string()
        }
        Some(_) => given.unwrap_or_default(),
        None => std::env::var(CODE_VARIABLE).map_err(|_| {
            format!(
                "{command} needs --code SECRET (or --code - to read it from standard input, \
                 or {CODE_VARIABLE} in the environment)"
            )
        })?,
    };
    check_secret(&code)?;
    Ok(code)
}

pub(crate) fn run_serve(args: &[String]) -> i32 {
    match parse_serve(args) {
        Ok(args) => serve(&args),
        Err(message) => refuse(&message),
    }
}

/// With `--bot`, the bot plays the seat without a window (with `--watch --no-window`, the
/// game is followed without one); otherwise the game's window opens and joins.
pub(crate) fn run_join(args: &[String]) -> i32 {
    match parse_join(args) {
        Ok(args) if args.bot => join(&args),
        Ok(args) => crate::commands::PlayArgs {
            join: Some(args),
            ..Default::default()
        }
        .run(),
        Err(message) => refuse(&message),
    }
}

fn parse_serve(args: &[String]) -> Result<ServeArgs, String> {
    let (mut port, mut code, mut seed) = (None, None, 1);
    let (mut players, mut preset, mut bots, mut json) = (2, "cadet".to_string(), 0, false);
    let (mut save, mut load): (Option<std::path::PathBuf>, _) = (None, None);
    let mut record: Option<std::path::PathBuf> = None;
    let mut bot_after = Some(crate::net::room::BOT_AFTER);
    let mut tickets = Vec::new();
    let mut named_game = false;
    let mut args = Args::new("serve", SERVE_OPTIONS, args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Option("--port") => match args.number("--port", 65_535)? {
                0 => return Err("--port must be 1–65535".into()),
                p => port = Some(p as u16),
            },
            Arg::Option("--code") => code = Some(args.value("--code")?.to_string()),
            Arg::Option("--seed") => {
                seed = args.number("--seed", u64::MAX)?;
                named_game = true;
            }
            Arg::Option("--players") => {
                players = args.players()?;
                named_game = true;
            }
            Arg::Option("--preset") => {
                let name = args.value("--preset")?;
                if stp_rules::content::builtin().preset(name).is_none() {
                    return Err(format!("unknown preset `{name}`"));
                }
                preset = name.to_string();
                named_game = true;
            }
            Arg::Option("--bots") => bots = args.number("--bots", 6)? as usize,
            Arg::Option("--json") => json = true,
            Arg::Option("--save") => save = Some(args.value("--save")?.into()),
            Arg::Option("--record") => record = Some(args.value("--record")?.into()),
            Arg::Option("--bot-after") => {
                bot_after = match args.number("--bot-after", 86_400)? {
                    0 => None,
                    s => Some(std::time::Duration::from_secs(s)),
                }
            }
            Arg::Option("--load") => {
                let path: std::path::PathBuf = args.value("--load")?.into();
                let file = stp_rules::files::SaveFile::load(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                load = Some(file);
                tickets = crate::net::host::read_tickets(&path)?;
            }
            Arg::Option(other) => unreachable!("{other} is in SERVE_OPTIONS"),
            Arg::Plain(other) => return Err(format!("unexpected argument `{other}`")),
        }
    }
    let port = port.ok_or("serve needs --port P")?;
    let code = secret("serve", code)?;
    if let Some(file) = &load {
        if named_game {
            return Err(
                "--load hosts a saved game with its own seed, players and preset: it cannot be \
                 combined with --seed, --players or --preset"
                    .into(),
            );
        }
        players = file.options.players.len();
    }
    if bots >= players {
        return Err(format!(
            "--bots {bots} leaves no seat to join of {players}: play alone with `simulate`"
        ));
    }
    Ok(ServeArgs {
        port,
        code,
        options: load.as_ref().map_or_else(
            || GameOptions::quick(seed, players, &preset),
            |f| f.options.clone(),
        ),
        bots,
        json,
        save,
        load,
        tickets,
        record,
        quiet: false,
        bot_after,
    })
}

fn parse_join(args: &[String]) -> Result<JoinArgs, String> {
    let (mut host, mut code, mut seat, mut bot, mut json) = (None, None, None, false, false);
    let mut delay = 0;
    let (mut watch, mut no_window) = (false, false);
    let mut args = Args::new("join", JOIN_OPTIONS, args);
    while let Some(arg) = args.next()? {
        match arg {
            Arg::Option("--code") => code = Some(args.value("--code")?.to_string()),
            Arg::Option("--seat") => match args.number("--seat", 6)? {
                0 => return Err("--seat must be 1–6".into()),
                n => seat = Some(n as u8 - 1),
            },
            Arg::Option("--bot") => bot = true,
            Arg::Option("--json") => json = true,
            Arg::Option("--delay-ms") => delay = args.number("--delay-ms", 60_000)?,
            Arg::Option("--watch") => watch = true,
            Arg::Option("--no-window") => no_window = true,
            Arg::Option(other) => unreachable!("{other} is in JOIN_OPTIONS"),
            Arg::Plain(address) if host.is_none() => host = Some(parse_address(address)?),
            Arg::Plain(other) => return Err(format!("unexpected argument `{other}`")),
        }
    }
    let host = host.ok_or("join needs HOST:PORT")?;
    let code = secret("join", code)?;
    if watch && (bot || seat.is_some() || delay > 0) {
        return Err(
            "--watch takes no seat: it goes without --seat, --bot and --delay-ms (add \
             --no-window to follow the game without a window)"
                .into(),
        );
    }
    if no_window && !watch {
        return Err("--no-window goes with --watch (a seat without a window is --bot's)".into());
    }
    let windowless = bot || no_window;
    if !windowless && (json || delay > 0) {
        return Err("--json and --delay-ms go with --bot (the bot plays without a window)".into());
    }
    Ok(JoinArgs {
        bot: windowless,
        watch,
        host,
        code,
        seat,
        json,
        delay: std::time::Duration::from_millis(delay),
        quiet: false,
    })
}

//! The `serve` and `join` command lines.

use stp_rules::GameOptions;

use std::path::PathBuf;

use super::{refuse, whole};
use crate::net::check_secret;
use crate::net::host::{ServeArgs, serve};
use crate::net::join::{JoinArgs, join};
use crate::net::quic::{Invite, Relay};

/// Host a game without a window; players join with the invite it prints.
///
/// The invite names this host's key, its addresses and its relay, and the code. The code is
/// at least 8 characters: `--code -` reads it from standard input, without --code it comes
/// from STAR_TREK_PANIC_CODE, and without either a fresh one is made. The last
/// K seats are played by the host's bot. Prints the outcome and final state hash at the end.
/// A seat whose link drops waits --bot-after seconds, then the host's bot plays it until its
/// person is back.
#[derive(Debug, clap::Args)]
pub(crate) struct ServeOptions {
    /// The UDP port to host on, 1–65535 (a LAN's firewall may want one) [default: any]
    #[arg(long, value_name = "P", value_parser = whole::<u16, 1, 65_535>)]
    port: Option<u16>,
    /// The join code (`-`: read it from standard input)
    #[arg(long, value_name = "SECRET")]
    code: Option<String>,
    /// Where tables find this host when no direct path gets through: `public` (iroh's
    /// relays), a community's own iroh-relay's URL, or `none` (direct paths only)
    #[arg(long, value_name = "URL", default_value = "public", value_parser = Relay::parse)]
    relay: Relay,
    /// Write the invite to FILE once the host is open
    #[arg(long, value_name = "FILE")]
    invite_file: Option<PathBuf>,
    /// Deal the game from this seed: anyone who knows it can rebuild the hidden deck and bag
    /// [default: a fresh one from the system's random source, never shown to the players]
    #[arg(long, value_name = "S", value_parser = whole::<u64, 0, { u64::MAX }>)]
    seed: Option<u64>,
    /// How many players, 1–6 [default: 2]
    #[arg(long, value_name = "P", value_parser = whole::<usize, 1, 6>)]
    players: Option<usize>,
    /// The difficulty preset [default: cadet]
    #[arg(long, value_name = "NAME", value_parser = super::preset)]
    preset: Option<String>,
    /// The last K seats are played by the host's bot
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = whole::<usize, 0, 6>)]
    bots: usize,
    /// Print the outcome as one JSON object
    #[arg(long)]
    json: bool,
    /// Save the game to FILE at every new turn
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Host such a save again (with its key beside it, the same invite lets the players rejoin)
    #[arg(long, value_name = "SAVE.json")]
    load: Option<PathBuf>,
    /// Write the whole game at its end as a file `replay` plays
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Seconds a dropped seat waits before the host's bot plays it (0: for ever)
    #[arg(long, value_name = "S", default_value_t = crate::net::room::BOT_AFTER.as_secs(), value_parser = whole::<u64, 0, 86_400>)]
    bot_after: u64,
    /// Seconds a trade offered to another table waits for its answer (0: for ever)
    #[arg(long, value_name = "S", default_value_t = crate::net::room::ANSWER_WITHIN.as_secs(), value_parser = whole::<u64, 0, 86_400>)]
    answer_within: u64,
}

/// Play a seat of a hosted game: in the game's window, or with --bot without one.
///
/// INVITE is the line the host shows (`CODE@KEY,ADDRESS,…`); `-` reads it from standard
/// input, and without it it comes from STAR_TREK_PANIC_INVITE, so the code stays out of the
/// process list.
///
/// Without --seat the host assigns a free seat. With --bot, at the end the bot's copy of the
/// game must reach the host's state hash (exit 1 if not; exit 2 when no game answers or the
/// code is wrong). A client that drops may join again: it gets its seat back at the current
/// state once the host has noticed (5 s). --watch watches without a seat (at most 4
/// watchers): the public table and the talk, in the window, or with --no-window on standard
/// error to the end's hashes.
#[derive(Debug, clap::Args)]
pub(crate) struct JoinOptions {
    /// The host's invite
    #[arg(value_name = "INVITE")]
    invite: Option<String>,
    /// The seat to play, 1–6
    #[arg(long, value_name = "I", value_parser = whole::<u8, 1, 6>)]
    seat: Option<u8>,
    /// The built-in bot plays the seat, without a window
    #[arg(long)]
    bot: bool,
    /// With --bot: print the end as one JSON object
    #[arg(long)]
    json: bool,
    /// With --bot: wait N milliseconds (at most 60000) before each action
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = whole::<u64, 0, 60_000>)]
    delay_ms: u64,
    /// Watch without a seat
    #[arg(long)]
    watch: bool,
    /// With --watch: follow the game on standard error, without a window
    #[arg(long)]
    no_window: bool,
    /// With --bot: keep the seat's ticket in FILE (shown to the host when it is there), so
    /// a join that stopped takes its seat back
    #[arg(long, value_name = "FILE")]
    ticket: Option<PathBuf>,
}

/// Where a code comes from when `--code` does not give it on the command line (which other
/// users of the machine can read in its process list): this variable, or `--code -`, which
/// reads it from the first line of standard input.
pub(crate) const CODE_VARIABLE: &str = "STAR_TREK_PANIC_CODE";
/// Where `join` finds the invite when the command line does not give it.
pub(crate) const INVITE_VARIABLE: &str = "STAR_TREK_PANIC_INVITE";

/// The invite as given: on the command line, `-` (a line of standard input), or else the
/// environment's `STAR_TREK_PANIC_INVITE`; read and checked.
fn invite(given: Option<String>) -> Result<Invite, String> {
    let text = match given.as_deref() {
        Some("-") => {
            let mut line = String::new();
            std::io::stdin()
                .read_line(&mut line)
                .map_err(|e| format!("join -: standard input could not be read: {e}"))?;
            line
        }
        Some(text) => text.to_string(),
        None => std::env::var(INVITE_VARIABLE).map_err(|_| {
            format!(
                "join needs the host's INVITE (or - to read it from standard input, or \
                 {INVITE_VARIABLE} in the environment)"
            )
        })?,
    };
    text.parse()
}

/// The code as given: `--code SECRET`, `--code -` (a line of standard input), or else the
/// environment's `STAR_TREK_PANIC_CODE`, or else a fresh one; checked.
fn secret(given: Option<String>) -> Result<String, String> {
    let code = match given.as_deref() {
        Some("-") => {
            let mut line = String::new();
            std::io::stdin()
                .read_line(&mut line)
                .map_err(|e| format!("--code -: standard input could not be read: {e}"))?;
            line.trim_end_matches(['\r', '\n']).to_string()
        }
        Some(_) => given.unwrap_or_default(),
        None => match std::env::var(CODE_VARIABLE) {
            Ok(code) => code,
            Err(_) => return Ok(crate::net::fresh_code()),
        },
    };
    check_secret(&code)?;
    Ok(code)
}

pub(crate) fn run_serve(options: ServeOptions) -> i32 {
    match check_serve(options) {
        Ok(args) => serve(&args),
        Err(message) => refuse(Some("serve"), &message),
    }
}

/// With `--bot`, the bot plays the seat without a window (with `--watch --no-window`, the
/// game is followed without one); otherwise the game's window opens and joins.
pub(crate) fn run_join(options: JoinOptions) -> i32 {
    match check_join(options) {
        Ok(args) if args.bot => join(&args),
        Ok(args) => crate::commands::PlayArgs {
            join: Some(args),
            ..Default::default()
        }
        .run(),
        Err(message) => refuse(Some("join"), &message),
    }
}

fn check_serve(options: ServeOptions) -> Result<ServeArgs, String> {
    let ServeOptions {
        port,
        code,
        relay,
        invite_file,
        seed,
        players,
        preset,
        bots,
        json,
        save,
        load,
        record,
        bot_after,
        answer_within,
    } = options;
    let named_game = seed.is_some() || players.is_some() || preset.is_some();
    let mut players = players.unwrap_or(2);
    let (load, tickets, key) = match load {
        Some(path) => {
            let file = stp_rules::files::SaveFile::load(&path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            (
                Some(file),
                crate::net::host::read_tickets(&path)?,
                crate::net::host::read_key(&path)?,
            )
        }
        None => (None, Vec::new(), None),
    };
    if load.is_some() && code.is_none() && std::env::var_os(CODE_VARIABLE).is_none() {
        return Err(
            "--load hosts the game again for its players: give it the game's --code (their \
             invites hold it), or a fresh code would turn them away"
                .into(),
        );
    }
    let code = secret(code)?;
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
    let preset = preset.unwrap_or_else(|| "cadet".into());
    Ok(ServeArgs {
        port: port.unwrap_or(0),
        code,
        relay,
        invite_file,
        tell_invite: None,
        key,
        options: load.as_ref().map_or_else(
            || {
                GameOptions::quick(
                    seed.unwrap_or_else(crate::net::fresh_seed),
                    players,
                    &preset,
                )
            },
            |f| f.options.clone(),
        ),
        bots,
        json,
        save,
        load,
        tickets,
        record,
        quiet: false,
        bot_after: (bot_after > 0).then(|| std::time::Duration::from_secs(bot_after)),
        answer_within: (answer_within > 0).then(|| std::time::Duration::from_secs(answer_within)),
    })
}

fn check_join(options: JoinOptions) -> Result<JoinArgs, String> {
    let JoinOptions {
        invite: given,
        seat,
        bot,
        json,
        delay_ms: delay,
        watch,
        no_window,
        ticket,
    } = options;
    let invite = invite(given)?;
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
        invite,
        seat: seat.map(|s| s - 1),
        json,
        delay: std::time::Duration::from_millis(delay),
        quiet: false,
        ticket_file: ticket,
    })
}

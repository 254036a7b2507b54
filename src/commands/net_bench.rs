//! `net-bench`: the network's figures on loopback, measured rather than guessed. Each game is
//! hosted in this process by the real `serve` loop on a thread of its own, and every seat
//! joins it over 127.0.0.1 with the `join` bot, each on its own thread, so the clocks agree.
//! It reports what `docs/network.md` quotes: the actions a second the host relays, the time
//! from one client sending an action to another client's copy applying it, and the bytes of
//! messages sent a turn.

use std::sync::mpsc;
use std::time::Duration;

use stp_rules::GameOptions;

use super::{refuse, whole};
use crate::net::host::{HostReport, ServeArgs, host};
use crate::net::join::{JoinArgs, SeatEnd, Traced, play};

/// The network's figures on 127.0.0.1.
///
/// N games hosted in this process, a bot client in each of P seats, on ports P, P+1, …;
/// prints the actions a second the host relays, the time from one client's action to
/// another client's copy applying it, and the bytes sent a turn.
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub(crate) struct BenchArgs {
    /// How many games, 1–1000
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = whole::<u32, 1, 1000>)]
    pub games: u32,
    /// Clients, one a seat, 2–6
    #[arg(long, value_name = "P", default_value_t = 3, value_parser = whole::<usize, 2, 6>)]
    pub players: usize,
    /// The difficulty preset
    #[arg(long, value_name = "NAME", default_value = "standard", value_parser = super::preset)]
    pub preset: String,
    /// The first game's seed (each game takes the next)
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = whole::<u64, 0, { u64::MAX / 2 }>)]
    pub seed: u64,
    /// The first game's UDP port, 1–65535 (each game takes the next)
    #[arg(long, value_name = "P", default_value_t = 46_000, value_parser = whole::<u16, 1, 65_535>)]
    pub port: u16,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
}

/// What the games measured, summed.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct BenchReport {
    pub actions: usize,
    pub seconds: f64,
    pub bytes: usize,
    pub turns: u32,
    /// Milliseconds from a client's send to another client's copy applying the action, one
    /// for every action and every other client.
    pub deliveries: Vec<f64>,
}

impl BenchReport {
    /// The `q` quantile (0–1) of the deliveries, in milliseconds.
    pub(crate) fn delivery_quantile(&self, q: f64) -> f64 {
        let mut sorted = self.deliveries.clone();
        sorted.sort_by(f64::total_cmp);
        let Some(last) = sorted.len().checked_sub(1) else {
            return 0.0;
        };
        sorted[((last as f64) * q).round() as usize]
    }
}

pub(crate) fn run(args: BenchArgs) -> i32 {
    if u32::from(args.port) + args.games > 65_536 {
        return refuse(
            Some("net-bench"),
            &format!(
                "--port {} leaves no room for {} games (each takes the next port)",
                args.port, args.games
            ),
        );
    }
    match bench(&args) {
        Ok(report) => {
            print(&args, &report);
            0
        }
        Err(message) => {
            eprintln!("error: {message}");
            1
        }
    }
}

/// Plays the games and sums what they measured; `Err` when a game fails or a copy ends
/// with another hash than the host's.
pub fn bench(args: &BenchArgs) -> Result<BenchReport, String> {
    let mut total = BenchReport::default();
    for game in 0..args.games {
        let options = GameOptions::quick(args.seed + u64::from(game), args.players, &args.preset);
        let port = args.port + game as u16;
        let (report, ends, traces) = one_game(options, port)?;
        for end in &ends {
            if end.own_hash != end.host_public_hash || end.host_hash != report.final_hash {
                return Err(format!(
                    "game {}: a client's copy ends with public hash {}, the host's {} (whole: \
                     {} told, {} at the host)",
                    game + 1,
                    end.own_hash,
                    end.host_public_hash,
                    end.host_hash,
                    report.final_hash
                ));
            }
        }
        total.actions += report.actions;
        total.seconds += report.seconds;
        total.bytes += report.bytes;
        total.turns += report.turns;
        total.deliveries.extend(deliveries(&traces));
    }
    Ok(total)
}

/// A game hosted on `port` with a client in every seat, all threads of this process.
fn one_game(
    options: GameOptions,
    port: u16,
) -> Result<(HostReport, Vec<SeatEnd>, Vec<Traced>), String> {
    let code = "net-bench-loopback".to_string();
    let players = options.players.len();
    let (tell, told) = mpsc::channel();
    let serve = ServeArgs {
        port,
        code: code.clone(),
        relay: crate::net::quic::Relay::Off,
        invite_file: None,
        tell_invite: Some(tell),
        key: None,
        options,
        bots: 0,
        json: false,
        save: None,
        load: None,
        tickets: Vec::new(),
        record: None,
        quiet: true,
        bot_after: None,
        answer_within: None,
    };
    let host_thread = std::thread::spawn(move || host(&serve));
    let invite = told
        .recv_timeout(Duration::from_secs(10))
        .map_err(|_| "the host did not open".to_string())?;
    let (trace, traces) = mpsc::channel();
    let clients: Vec<_> = (0..players as u8)
        .map(|seat| {
            let join = JoinArgs {
                invite: invite.clone(),
                seat: Some(seat),
                bot: true,
                watch: false,
                json: false,
                delay: Duration::ZERO,
                quiet: true,
                ticket_file: None,
            };
            let trace = trace.clone();
            std::thread::spawn(move || play(&join, Some(&trace)))
        })
        .collect();
    drop(trace);
    let report = host_thread
        .join()
        .map_err(|_| "the host's thread panicked".to_string())??;
    let mut ends = Vec::new();
    for client in clients {
        ends.push(
            client
                .join()
                .map_err(|_| "a client's thread panicked".to_string())??,
        );
    }
    Ok((report, ends, traces.try_iter().collect()))
}

/// For every action a client sent and every other client that applied it: the time
/// between, in milliseconds. A refused send is sent again, so the last send before it was
/// applied counts.
pub fn deliveries(traces: &[Traced]) -> Vec<f64> {
    traces
        .iter()
        .filter(|t| !t.sent && t.seat != t.player)
        .filter_map(|applied| {
            traces
                .iter()
                .filter(|t| {
                    t.sent
                        && t.seat == applied.player
                        && t.at == applied.at
                        && t.when <= applied.when
                })
                .map(|sent| sent.when)
                .max()
                .map(|sent| (applied.when - sent).as_secs_f64() * 1_000.0)
        })
        .collect()
}

fn print(args: &BenchArgs, report: &BenchReport) {
    let rate = report.actions as f64 / report.seconds.max(1e-3);
    let per_turn = report.bytes / report.turns.max(1) as usize;
    let (median, p90, max) = (
        report.delivery_quantile(0.5),
        report.delivery_quantile(0.9),
        report.delivery_quantile(1.0),
    );
    if args.json {
        let out = serde_json::json!({
            "games": args.games,
            "players": args.players,
            "preset": args.preset,
            "actions": report.actions,
            "seconds": report.seconds,
            "actions_per_second": rate,
            "deliveries": report.deliveries.len(),
            "delivery_ms": { "median": median, "p90": p90, "max": max },
            "bytes_per_turn": per_turn,
        });
        println!("{out}");
        return;
    }
    println!(
        "net-bench: {} {} games, {} clients each, over 127.0.0.1; every copy ended with the host's hash",
        args.games, args.preset, args.players
    );
    println!(
        "  relayed {} actions in {:.2} s: {rate:.0} a second",
        report.actions, report.seconds
    );
    println!(
        "  one client's action to another client's copy: median {median:.2} ms, 90th percentile {p90:.2} ms, max {max:.2} ms ({} deliveries)",
        report.deliveries.len()
    );
    println!(
        "  {per_turn} bytes of messages a turn to {} clients, before QUIC's framing ({} turns)",
        args.players, report.turns
    );
}

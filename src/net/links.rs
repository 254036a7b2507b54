//! What the host remembers of its links beyond their seats: the refusals each source has
//! earned (kept across its reconnections, forgiven slowly), and how long each link has been
//! there without a seat (a link that never asks for one, or waits too long, is dropped, so
//! links cannot squat the host's places).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use super::quic::host_end::Origin;

/// Refusals a source may earn before its link is dropped.
pub const STRIKES: u32 = 10;
/// One strike is forgiven for each of these that passes.
pub const STRIKE_DECAY: Duration = Duration::from_secs(30);
/// A link that has not asked for a seat this long after it arrived is dropped.
pub const SILENT_ARRIVAL: Duration = Duration::from_secs(5);
/// A link that asked but holds no seat this long after it arrived is dropped (a table
/// waiting for a seat to come free gives up after 30 s itself).
pub const SEATLESS: Duration = Duration::from_secs(40);

/// Refusals by source, decaying.
#[derive(Debug, Default)]
pub struct Strikes {
    by_source: BTreeMap<Origin, (u32, Instant)>,
}

impl Strikes {
    /// One more refusal for `source`; whether it has now earned a hang-up.
    pub fn add(&mut self, source: Origin, now: Instant) -> bool {
        let (count, since) = self.by_source.entry(source).or_insert((0, now));
        let forgiven = now.duration_since(*since).as_secs() / STRIKE_DECAY.as_secs();
        if forgiven > 0 {
            *count = count.saturating_sub(forgiven.min(u64::from(u32::MAX)) as u32);
            *since = now;
        }
        *count += 1;
        if *count >= STRIKES {
            // The next link from there starts with half, not a clean slate.
            *count = STRIKES / 2;
            return true;
        }
        false
    }

    /// The strikes a source holds now (before decay since its last one).
    pub fn of(&self, source: Origin) -> u32 {
        self.by_source.get(&source).map_or(0, |(c, _)| *c)
    }
}

/// When each link without a seat arrived, and whether it has asked for one.
#[derive(Debug, Default)]
pub struct Arrivals {
    since: BTreeMap<u64, (Instant, bool)>,
}

impl Arrivals {
    pub fn arrived(&mut self, client: u64, now: Instant) {
        self.since.entry(client).or_insert((now, false));
    }

    pub fn asked(&mut self, client: u64) {
        if let Some((_, asked)) = self.since.get_mut(&client) {
            *asked = true;
        }
    }

    /// A link seated or gone is no longer waited on.
    pub fn settled(&mut self, client: u64) {
        self.since.remove(&client);
    }

    /// The links to drop now, with why.
    pub fn overdue(&self, now: Instant) -> Vec<(u64, &'static str)> {
        self.since
            .iter()
            .filter_map(|(client, (at, asked))| {
                let waited = now.duration_since(*at);
                match asked {
                    false if waited > SILENT_ARRIVAL => Some((*client, "it asked for no seat")),
                    true if waited > SEATLESS => Some((*client, "no seat came free for it")),
                    _ => None,
                }
            })
            .collect()
    }
}

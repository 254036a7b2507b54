//! Who may try to join and who may stay: the host's bookkeeping of handshakes under way,
//! wrong codes and links by source (`host_end` asks it before each step of an admission).

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

use iroh::EndpointId;
use iroh::endpoint::IncomingAddr;

/// Handshakes under way at once, from one source and from all.
pub const PENDING_PER_SOURCE: usize = 8;
pub const PENDING: usize = 128;
/// Wrong secrets a source may send per `GUESS_WINDOW` before it is turned away unheard.
pub const GUESSES: u32 = 10;
pub const GUESS_WINDOW: Duration = Duration::from_secs(60);
/// Admitted links from one other machine at once: one short of every place, so no one
/// source holds them all (players behind one router share an address). The host's own
/// machine is not limited.
pub const LINKS_PER_ADDRESS: usize = 5;

/// Where a link comes from, as far as the host can tell: the address of a direct peer, or
/// the key of one behind a relay (which vouches for the key, not for an address).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Origin {
    Address(IpAddr),
    Relayed(EndpointId),
}

impl Origin {
    pub(super) fn of(address: &IncomingAddr, key: Option<EndpointId>) -> Option<Origin> {
        match (address, key) {
            (IncomingAddr::Ip(a), _) => Some(Origin::Address(a.ip())),
            (IncomingAddr::Relay { endpoint_id, .. }, _) => Some(Origin::Relayed(*endpoint_id)),
            (_, Some(key)) => Some(Origin::Relayed(key)),
            _ => None,
        }
    }

    fn is_loopback(&self) -> bool {
        matches!(self, Origin::Address(a) if a.is_loopback())
    }
}

/// The admission's bookkeeping, shared by the accept loop and its tasks.
#[derive(Default)]
pub(super) struct Gate {
    pending: BTreeMap<Origin, usize>,
    wrong: BTreeMap<Origin, (u32, Instant)>,
    /// Each admitted link's source.
    pub(super) links: BTreeMap<u64, Origin>,
}

impl Gate {
    fn pending_total(&self) -> usize {
        self.pending.values().sum()
    }

    /// Whether a connection from `origin` may start its handshake now.
    pub(super) fn may_try(&mut self, origin: Origin, now: Instant) -> bool {
        if let Some((count, since)) = self.wrong.get(&origin)
            && *count >= GUESSES
        {
            if now.duration_since(*since) < GUESS_WINDOW {
                return false;
            }
            self.wrong.remove(&origin);
        }
        let mine = self.pending.get(&origin).copied().unwrap_or(0);
        if mine >= PENDING_PER_SOURCE || self.pending_total() >= PENDING {
            return false;
        }
        *self.pending.entry(origin).or_insert(0) += 1;
        true
    }

    pub(super) fn done_trying(&mut self, origin: Origin) {
        if let Some(n) = self.pending.get_mut(&origin) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.pending.remove(&origin);
            }
        }
    }

    pub(super) fn guessed_wrong(&mut self, origin: Origin, now: Instant) {
        let entry = self.wrong.entry(origin).or_insert((0, now));
        if now.duration_since(entry.1) >= GUESS_WINDOW {
            *entry = (0, now);
        }
        entry.0 += 1;
        // The table of sources stays small under a flood of them.
        if self.wrong.len() > 4_096 {
            self.wrong
                .retain(|_, (_, since)| now.duration_since(*since) < GUESS_WINDOW);
        }
    }

    /// Why a link from `origin` cannot be admitted now, if it cannot. The host's own
    /// machine (`own` addresses, loopback) is not limited: six tables on it may fill every
    /// place.
    pub(super) fn full(&self, origin: Origin, max_links: usize, own: &[IpAddr]) -> Option<String> {
        if self.links.len() >= max_links {
            return Some(format!("the host is full: {max_links} links at once"));
        }
        let from_there = self.links.values().filter(|o| **o == origin).count();
        let local =
            origin.is_loopback() || matches!(origin, Origin::Address(a) if own.contains(&a));
        if !local && from_there >= LINKS_PER_ADDRESS {
            return Some(format!(
                "at most {LINKS_PER_ADDRESS} links from one address at once"
            ));
        }
        None
    }
}

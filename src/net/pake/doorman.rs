//! The host's side of the join exchange: it answers each Start with its half of SPAKE2 and
//! its confirmation, checks the client's, and only then mints a connect token with its own
//! private key. Each Start is one guess at the code; guesses are counted per address.

use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use renetcode::ConnectToken;

use super::{
    ELEMENT_BYTES, Keys, Kind, Refusal, START_BYTES, Session, mac_from, read, seal, start_host,
    write,
};
use crate::net::{PROTOCOL_ID, now};

/// Exchanges the host keeps at once, in all, and unfinished from one address: a cap on what
/// strangers can make it remember and compute.
pub(crate) const EXCHANGES: usize = 64;
pub const EXCHANGES_PER_ADDRESS: usize = 4;
/// How long an exchange is kept: long enough for a client's repeats over a lossy link.
pub(crate) const EXCHANGE_LIFETIME: Duration = Duration::from_secs(10);
/// Tries that did not prove the code, per address, before the host stops answering it.
pub const GUESSES: u32 = 8;
/// One try is forgiven for each of these that passes.
pub(crate) const GUESS_FORGIVEN: Duration = Duration::from_secs(60);
/// Addresses whose tries the host remembers; past this the oldest is forgotten.
const ADDRESSES_REMEMBERED: usize = 4096;
/// How long a minted token may be used to connect (the guard admits up to six minutes).
const TOKEN_SECONDS: u64 = 300;
/// netcode's own time-out for a link, written into the token by the host (the host also
/// drops any link silent for `transport::HOST_LINK_TIMEOUT`, whatever a token says).
pub(crate) const LINK_TIMEOUT_SECONDS: i32 = 5;

/// The host's doorman: the code, the netcode key it guards, and the exchanges under way.
pub(crate) struct Doorman {
    code: String,
    private_key: [u8; 32],
    addresses: Vec<SocketAddr>,
    visits: BTreeMap<(SocketAddr, Session), Visit>,
    guesses: Guesses,
}

struct Visit {
    arrived: Instant,
    reply: Vec<u8>,
    keys: Keys,
    /// The sealed token, once the client proved the code (sent again if asked again).
    token: Option<Vec<u8>>,
}

impl Doorman {
    /// `private_key` is netcode's; `addresses` are those the host's netcode lists as its own.
    pub fn new(code: &str, private_key: [u8; 32], addresses: Vec<SocketAddr>) -> Doorman {
        Doorman {
            code: code.to_string(),
            private_key,
            addresses,
            visits: BTreeMap::new(),
            guesses: Guesses::default(),
        }
    }

    /// The answer to one datagram of the exchange, if it earns one.
    pub fn answer(&mut self, datagram: &[u8], from: SocketAddr, at: Instant) -> Option<Vec<u8>> {
        self.visits
            .retain(|_, v| at.duration_since(v.arrived) < EXCHANGE_LIFETIME);
        let packet = read(datagram)?;
        if packet.protocol != PROTOCOL_ID {
            // Told only in answer to a full-sized Start, so the answer is never the larger.
            return (packet.kind == Kind::Start && datagram.len() >= START_BYTES)
                .then(|| refuse(&packet.session, Refusal::OtherVersion));
        }
        match packet.kind {
            Kind::Start if datagram.len() >= START_BYTES => {
                self.start(packet.session, &packet.body[..ELEMENT_BYTES], from, at)
            }
            Kind::Confirm => self.confirm(packet.session, packet.body, from),
            _ => None,
        }
    }

    fn start(
        &mut self,
        session: Session,
        message: &[u8],
        from: SocketAddr,
        at: Instant,
    ) -> Option<Vec<u8>> {
        if let Some(visit) = self.visits.get(&(from, session)) {
            // The client did not hear the reply: the same one again, no second guess.
            return Some(visit.reply.clone());
        }
        if !self.guesses.may_guess(from.ip(), at) {
            return Some(refuse(&session, Refusal::TooManyGuesses));
        }
        // Exchanges still waiting for their client's proof; finished ones hold no place.
        // The host's own machine is not limited (six tables on it may join at once).
        let from_here = self
            .visits
            .iter()
            .filter(|((a, _), v)| a.ip() == from.ip() && v.token.is_none())
            .count();
        let crowded = from_here >= EXCHANGES_PER_ADDRESS && !is_this_machine(from.ip());
        if self.visits.len() >= EXCHANGES || crowded {
            return Some(refuse(&session, Refusal::Busy));
        }
        let (spake, ours) = start_host(&self.code);
        // A message that is no point on the curve is no guess: dropped unanswered.
        let shared = spake.finish(message).ok()?;
        self.guesses.spend(from.ip(), at);
        let keys = Keys::new(&shared, &session);
        let mut body = ours;
        body.extend_from_slice(keys.host_confirms.as_bytes());
        let reply = write(Kind::Reply, &session, &body);
        self.visits.insert(
            (from, session),
            Visit {
                arrived: at,
                reply: reply.clone(),
                keys,
                token: None,
            },
        );
        Some(reply)
    }

    fn confirm(&mut self, session: Session, body: &[u8], from: SocketAddr) -> Option<Vec<u8>> {
        let visit = self.visits.get(&(from, session))?;
        if let Some(token) = &visit.token {
            return Some(token.clone());
        }
        if mac_from(body)? != visit.keys.client_confirms {
            // A wrong code: the guess stays counted, and the exchange is over.
            self.visits.remove(&(from, session));
            return None;
        }
        self.guesses.refund(from.ip());
        let token = self.mint()?;
        let visit = self.visits.get_mut(&(from, session))?;
        let mut sealed = write(Kind::Token, &session, &[]);
        let body = seal(&visit.keys, &sealed, &token)?;
        sealed.extend_from_slice(&body);
        visit.token = Some(sealed.clone());
        Some(sealed)
    }

    /// A connect token for a new link: a random client id, the host's addresses, its key.
    fn mint(&self) -> Option<Vec<u8>> {
        let client_id = u64::from_le_bytes(renet_netcode::generate_random_bytes());
        let token = ConnectToken::generate(
            now(),
            PROTOCOL_ID,
            TOKEN_SECONDS,
            client_id,
            LINK_TIMEOUT_SECONDS,
            self.addresses.clone(),
            None,
            &self.private_key,
        )
        .ok()?;
        let mut bytes = Vec::with_capacity(1200);
        token.write(&mut bytes).ok()?;
        Some(bytes)
    }
}

/// 127.0.0.1 only: the host's own tables. (Other loopback addresses stand for other
/// machines in the tests, as a machine's several addresses could.)
fn is_this_machine(address: IpAddr) -> bool {
    address == IpAddr::from([127, 0, 0, 1])
        || address == IpAddr::from(std::net::Ipv6Addr::LOCALHOST)
}

fn refuse(session: &Session, why: Refusal) -> Vec<u8> {
    write(Kind::Refused, session, &[why as u8])
}

/// Tries at the code per address that have not (yet) proved it, forgiven slowly. A try is
/// counted when the host answers its Start, and given back when the client proves the code,
/// so tries in flight count too: no one gets more than `GUESSES` at once.
#[derive(Debug, Default)]
struct Guesses {
    by_address: BTreeMap<IpAddr, (u32, Instant)>,
}

impl Guesses {
    fn current(&mut self, address: IpAddr, at: Instant) -> u32 {
        let Some((count, since)) = self.by_address.get_mut(&address) else {
            return 0;
        };
        let forgiven = at.duration_since(*since).as_secs() / GUESS_FORGIVEN.as_secs();
        if forgiven > 0 {
            let forgiven = u32::try_from(forgiven).unwrap_or(u32::MAX);
            *count = count.saturating_sub(forgiven);
            *since = at;
        }
        *count
    }

    fn may_guess(&mut self, address: IpAddr, at: Instant) -> bool {
        self.current(address, at) < GUESSES
    }

    fn spend(&mut self, address: IpAddr, at: Instant) {
        let count = self.current(address, at);
        if count == 0 && !self.by_address.contains_key(&address) {
            self.make_room(at);
        }
        let entry = self.by_address.entry(address).or_insert((0, at));
        if count == 0 {
            entry.1 = at;
        }
        entry.0 = count + 1;
    }

    fn refund(&mut self, address: IpAddr) {
        if let Some((count, _)) = self.by_address.get_mut(&address) {
            *count = count.saturating_sub(1);
        }
    }

    /// Forgets whoever has nothing counted, then the longest-quiet address, to stay bounded.
    fn make_room(&mut self, at: Instant) {
        if self.by_address.len() < ADDRESSES_REMEMBERED {
            return;
        }
        let forgiven = |(count, since): &(u32, Instant)| {
            *count == 0 || at.duration_since(*since) >= GUESS_FORGIVEN * *count
        };
        self.by_address.retain(|_, v| !forgiven(v));
        if self.by_address.len() >= ADDRESSES_REMEMBERED
            && let Some(oldest) = self
                .by_address
                .iter()
                .min_by_key(|(_, (_, since))| *since)
                .map(|(a, _)| *a)
        {
            self.by_address.remove(&oldest);
        }
    }
}

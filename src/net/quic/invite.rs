//! An invite: the host's public key, where it may be reached, and the game's secret, as one
//! line of text to paste (`CODE@KEY,ADDRESS,…,RELAY`). The key is what the client dials
//! and checks (TLS proves the host holds it); the addresses and the relay only say where to
//! look; the secret is what the host asks of every link before it gives it anything.

use std::collections::BTreeSet;
use std::net::SocketAddr;

use iroh::{EndpointAddr, EndpointId, RelayUrl, TransportAddr};

/// The most addresses an invite lists (a machine with many interfaces lists its first).
const MAX_ADDRESSES: usize = 8;
/// The longest invite taken from a player or a file.
pub const MAX_INVITE_CHARS: usize = 1_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub code: String,
    pub host: EndpointAddr,
}

impl Invite {
    /// The same invite with one more address to try (a host's loopback, for a table on the
    /// host's own machine).
    pub fn with_address(mut self, address: SocketAddr) -> Invite {
        self.host.addrs.insert(TransportAddr::Ip(address));
        self
    }

    /// Where the host may be reached directly, in the order an invite lists them.
    pub fn addresses(&self) -> Vec<SocketAddr> {
        self.host.ip_addrs().copied().collect()
    }

    /// The relay the host is reached through, when the invite names one.
    pub fn relay(&self) -> Option<&RelayUrl> {
        self.host.relay_urls().next()
    }
}

impl std::fmt::Display for Invite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}@{}", self.code, self.host.id.to_z32())?;
        for address in self.host.ip_addrs().take(MAX_ADDRESSES) {
            write!(f, ",{address}")?;
        }
        for relay in self.host.relay_urls().take(1) {
            write!(f, ",{relay}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Invite {
    type Err = String;

    fn from_str(text: &str) -> Result<Invite, String> {
        let text = text.trim();
        if text.chars().count() > MAX_INVITE_CHARS {
            return Err(format!(
                "the invite is over {MAX_INVITE_CHARS} characters: copy it again"
            ));
        }
        let mut parts = text.split(',');
        let head = parts.next().unwrap_or_default();
        let Some((code, key)) = head.rsplit_once('@') else {
            return Err(
                "an invite reads CODE@KEY,ADDRESS…: copy the whole line the host shows".into(),
            );
        };
        super::super::check_secret(code)?;
        // Written in z-base-32; hex (iroh's own display) is taken too.
        let id = EndpointId::from_z32(key)
            .or_else(|_| key.parse::<EndpointId>())
            .map_err(|_| {
                format!(
                    "`{}` is not a host's key: copy the invite again",
                    plain(key)
                )
            })?;
        let mut addrs = BTreeSet::new();
        for part in parts.filter(|p| !p.is_empty()) {
            let address = if part.contains("://") {
                part.parse::<RelayUrl>().map(TransportAddr::Relay).ok()
            } else {
                part.parse::<SocketAddr>().map(TransportAddr::Ip).ok()
            };
            let Some(address) = address else {
                return Err(format!(
                    "`{}` in the invite is neither an address nor a relay",
                    plain(part)
                ));
            };
            if addrs.len() < MAX_ADDRESSES + 1 {
                addrs.insert(address);
            }
        }
        if addrs.is_empty() {
            return Err("the invite names no address and no relay: copy the whole line".into());
        }
        Ok(Invite {
            code: code.to_string(),
            host: EndpointAddr::from_parts(id, addrs),
        })
    }
}

/// A piece of a bad invite, quoted back short and printable.
fn plain(text: &str) -> String {
    crate::net::protocol::sanitise(text, 60)
}

//! Who sits where: seats given and taken back (with their tickets), and watchers.

use serde::{Deserialize, Serialize};

use super::{MAX_WATCHERS, Room};
use crate::net::protocol::{ToClient, seat_number};

/// The refusal of a seat that is taken or not remote, naming the seats free now, so the
/// client's player knows which to ask for.
pub(crate) fn seat_not_free(seat: u8, free: &[u8]) -> String {
    let names: Vec<String> = free.iter().map(|s| seat_number(*s).to_string()).collect();
    match names.as_slice() {
        [] => format!(
            "seat {} is not free, and no seat is free now",
            seat_number(seat)
        ),
        [one] => format!("seat {} is not free; seat {one} is", seat_number(seat)),
        [rest @ .., last] => format!(
            "seat {} is not free; seats {} and {last} are",
            seat_number(seat),
            rest.join(", ")
        ),
    }
}

/// The seat a Hello gets: the one asked for if it is free, else the first free one when
/// any will do; `Err` with the refusal otherwise.
pub(crate) fn assign_seat(asked: Option<u8>, free: &[u8]) -> Result<u8, String> {
    match asked {
        Some(seat) if free.contains(&seat) => Ok(seat),
        Some(seat) => Err(seat_not_free(seat, free)),
        None => free
            .first()
            .copied()
            .ok_or_else(|| "no seat is free now".to_string()),
    }
}

/// A seat's ticket: who may take the seat back. Kept with a hosted game (the window's
/// settings, `serve --save`'s tickets file), so a game hosted again lets only its players
/// back into their seats. (Files from before kept the holder's address too: it is ignored,
/// as seats go by ticket only.)
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatTicket {
    pub seat: u8,
    pub ticket: String,
}

/// The longest ticket taken back from a file (the host writes 32 hex digits).
const MAX_TICKET_CHARS: usize = 64;

impl Room {
    /// Every seat's ticket, as the host keeps them.
    pub fn tickets(&self) -> Vec<SeatTicket> {
        self.tickets
            .iter()
            .map(|(seat, ticket)| SeatTicket {
                seat: *seat,
                ticket: ticket.clone(),
            })
            .collect()
    }

    /// Tickets from an earlier hosting of the same game: only their holders take those
    /// seats back. Seats out of range and overlong tickets (a file edited by hand) are left
    /// out.
    pub(crate) fn restore_tickets(&mut self, tickets: &[SeatTicket]) {
        for t in tickets {
            if usize::from(t.seat) < 6
                && !t.ticket.is_empty()
                && t.ticket.len() <= MAX_TICKET_CHARS
                && t.ticket.chars().all(|c| c.is_ascii_hexdigit())
            {
                self.tickets.insert(t.seat, t.ticket.clone());
            }
        }
    }

    /// Whether `client` may take `seat`: one that never had a holder, or one whose ticket it
    /// showed. Nobody else takes a dropped player's seat and hand, wherever they are: an
    /// address says nothing of who is behind it (players share routers and relays).
    pub(crate) fn claimable(&self, client: u64, seat: u8) -> bool {
        let Some(ticket) = self.tickets.get(&seat) else {
            return true;
        };
        self.shown.get(&client) == Some(ticket)
    }

    /// Gives `client` the seat (a rejoin takes back a dropped one) with the game so far and
    /// the seat's ticket; the others hear that the seat's person is at the table.
    pub fn seat(&mut self, client: u64, seat: u8, welcome: &ToClient) {
        // Gone since it asked (the window answers a frame later): no ghost holds the seat.
        if !self.end.is_connected(client) || !self.claimable(client, seat) {
            return;
        }
        let ticket = match self.tickets.get(&seat) {
            Some(ticket) => ticket.clone(),
            None => {
                let bytes: [u8; 16] = crate::net::system_random();
                bytes.iter().map(|b| format!("{b:02x}")).collect()
            }
        };
        self.tickets.insert(seat, ticket.clone());
        let welcome = match welcome.clone() {
            ToClient::Welcome {
                seat,
                options,
                actions,
                state,
                away,
                ..
            } => ToClient::Welcome {
                seat,
                options,
                actions,
                state,
                away,
                ticket,
            },
            other => other,
        };
        let welcome = &welcome;
        self.arrivals.settled(client);
        self.seats.insert(client, seat);
        let others: Vec<u64> = self
            .seats
            .keys()
            .copied()
            .filter(|c| *c != client)
            .collect();
        for other in others {
            self.send(other, &ToClient::Back { seat });
        }
        self.send(client, welcome);
        self.note(format!("client {client} took seat {}", seat_number(seat)));
    }

    /// Lets `client` watch (or sends a watcher the game again): `welcome` names no seat. A
    /// client gone since it asked, or one past `MAX_WATCHERS`, is not let in.
    pub fn watch(&mut self, client: u64, welcome: &ToClient) {
        if !self.end.is_connected(client) || self.seats.contains_key(&client) {
            return;
        }
        if !self.watchers.contains_key(&client) {
            let free = (1..=MAX_WATCHERS as u8).find(|n| !self.watchers.values().any(|w| w == n));
            let Some(number) = free else {
                let reason = format!("no room to watch: at most {MAX_WATCHERS} watchers");
                self.refuse_quietly(client, reason);
                return;
            };
            self.watchers.insert(client, number);
            self.arrivals.settled(client);
            self.note(format!("client {client} watches (watcher {number})"));
        }
        self.send(client, welcome);
    }

    /// Every seated client and its seat.
    pub fn seated(&self) -> Vec<(u64, u8)> {
        self.seats.iter().map(|(c, s)| (*c, *s)).collect()
    }

    /// Every client watching without a seat.
    pub fn watching(&self) -> Vec<u64> {
        self.watchers.keys().copied().collect()
    }

    /// The client holding `seat` now, if any.
    pub fn holder(&self, seat: u8) -> Option<u64> {
        self.seats
            .iter()
            .find(|(_, s)| **s == seat)
            .map(|(c, _)| *c)
    }

    /// Whether a client holds `seat` now.
    pub fn holds(&self, seat: u8) -> bool {
        self.seats.values().any(|s| *s == seat)
    }

    /// Whether `client` holds a seat (or another client holds `seat`).
    pub(crate) fn taken_by_other(&self, client: u64, seat: u8) -> bool {
        self.seats.iter().any(|(c, s)| *s == seat && *c != client)
    }
}

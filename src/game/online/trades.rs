//! Trades across tables: in a game across machines, a trade with a person at another table
//! is an offer that person accepts, as at a real table (rulebook p. 8, "Trading a Card": the
//! active player trades one card *with* another player). The host's rules hold such a trade
//! back (`TradeOffers` sends it out as `TradeOffered`); the host asks the other player
//! (`ToClient::Offer`, or the offer window here) and carries the trade out only when they
//! accept. A bot takes any trade at once.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use stp_rules::{Action, GameState, PlayerAction, TradeOffered, TradeOffers};

use super::{Online, Talk, seat_name};
use crate::game::crew::Crew;
use crate::net::protocol::{ToClient, ToHost, seat_number};
use crate::net::room::Room;

/// A trade offered to a person at this table, waiting for their answer (the offer window).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct OfferHere(pub Option<PlayerAction>);

/// The person here answers the trade offered to them: accept (`true`) or decline.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerOffer(pub bool);

/// The seat a trade is offered to.
pub fn offered_to(action: &PlayerAction) -> Option<u8> {
    match action.action {
        Action::Trade { with, .. } => Some(with),
        _ => None,
    }
}

/// A hosting table's rules know where each seat is played: people here at table 0, each
/// remote seat at a table of its own, bots nowhere (they take any trade). Without hosting,
/// trades are carried out at once.
pub(super) fn keep_tables(
    online: Option<Res<Online>>,
    crew: Res<Crew>,
    offers: Option<ResMut<TradeOffers>>,
    mut commands: Commands,
) {
    let hosting = matches!(online.as_deref(), Some(Online::Host(_)));
    let tables: Vec<Option<u32>> = (0..crew.seats.len() as u8)
        .map(|seat| {
            if crew.is_here(seat) {
                Some(0)
            } else if crew.is_remote(seat) {
                Some(1 + u32::from(seat))
            } else {
                None
            }
        })
        .collect();
    match (hosting, offers) {
        (true, Some(mut offers)) if offers.tables != tables => offers.tables = tables,
        (true, None) => commands.insert_resource(TradeOffers {
            tables,
            agreed: Vec::new(),
        }),
        (false, Some(_)) => commands.remove_resource::<TradeOffers>(),
        _ => {}
    }
}

/// The host sends each trade its rules held back to the seat it is offered to: a person
/// here sees the offer window; a remote seat's table is asked.
pub(super) fn offer(
    mut online: ResMut<Online>,
    mut offered: MessageReader<TradeOffered>,
    crew: Res<Crew>,
    mut here: ResMut<OfferHere>,
) {
    let Online::Host(host) = &mut *online else {
        return;
    };
    for TradeOffered(action) in offered.read() {
        let Some(with) = offered_to(action) else {
            continue;
        };
        // A remote seat's trade is the action in flight; otherwise a person here made it.
        let proposer = host
            .in_flight
            .filter(|(_, a)| a == action)
            .map(|(client, _)| client);
        host.offer = Some((proposer, *action));
        host.answers.clear();
        if crew.is_here(with) {
            here.0 = Some(*action);
        } else {
            let mut link = host.link.lock();
            match link.room.holder(with) {
                Some(holder) => link.room.send(holder, &ToClient::Offer { action: *action }),
                // Nobody holds the seat (play waits for it anyway): no trade.
                None => host.answers.push(false),
            }
        }
    }
    if host.offer.is_none() && here.0.is_some() {
        here.0 = None;
    }
}

/// The answer, from the remote seat or the person here: accepted, the trade goes to the
/// rules again as agreed, and is carried out for everyone; declined, its proposer hears so.
pub(super) fn settle(
    mut online: ResMut<Online>,
    mut answers: MessageReader<AnswerOffer>,
    offers: Option<ResMut<TradeOffers>>,
    state: Option<Res<GameState>>,
    mut here: ResMut<OfferHere>,
    mut talk: ResMut<Talk>,
    mut actions: MessageWriter<PlayerAction>,
) {
    let Online::Host(host) = &mut *online else {
        return;
    };
    let local: Vec<bool> = answers.read().map(|AnswerOffer(a)| *a).collect();
    let Some(accept) = host.answers.drain(..).chain(local).next() else {
        return;
    };
    let Some((proposer, action)) = host.offer.take() else {
        return;
    };
    here.0 = None;
    if accept {
        if let Some(mut offers) = offers {
            offers.agreed.push(action);
        }
        actions.write(action);
        // A remote proposer's trade is in flight again: its acceptance goes to all.
        if let Some(client) = proposer {
            host.in_flight = Some((client, action));
        }
        return;
    }
    let Some(with) = offered_to(&action) else {
        return;
    };
    match proposer {
        Some(client) => host
            .link
            .lock()
            .room
            .send(client, &ToClient::Declined { seat: with }),
        None => talk.notice(format!(
            "{} declines the trade.",
            seat_name(state.as_deref(), with)
        )),
    }
}

/// A seat whose link dropped takes its side of a pending trade with it.
pub(super) fn close_offer_of(
    offer: &mut Option<(Option<u64>, PlayerAction)>,
    room: &mut Room,
    seat: u8,
) {
    let Some((proposer, action)) = *offer else {
        return;
    };
    let Some(with) = offered_to(&action) else {
        return;
    };
    if seat == with {
        *offer = None;
        if let Some(client) = proposer {
            let reason = format!("seat {} left; the trade is off", seat_number(seat));
            room.send(client, &ToClient::Refused { reason });
        }
    } else if seat == action.player {
        *offer = None;
        if let Some(holder) = room.holder(with) {
            room.send(holder, &ToClient::OfferClosed);
        }
    }
}

/// A table that joined answers the trade offered to its seat.
pub(super) fn answer_from_a_client(
    online: Option<Res<Online>>,
    mut answers: MessageReader<AnswerOffer>,
    mut here: ResMut<OfferHere>,
) {
    let Some(Online::Client(joined)) = online.as_deref() else {
        return;
    };
    for AnswerOffer(accept) in answers.read() {
        if here.0.take().is_some() {
            joined.send(&ToHost::Answer { accept: *accept });
        }
    }
}

/// The offer window: who offers what for what, and Accept or Decline.
pub(super) fn offer_window(
    mut contexts: EguiContexts,
    here: Res<OfferHere>,
    state: Option<Res<GameState>>,
    crew: Res<Crew>,
    mut answers: MessageWriter<AnswerOffer>,
) -> Result {
    let people_here = crew.people_here();
    let Some(action) = here.0 else {
        return Ok(());
    };
    let Action::Trade { with, give, take } = action.action else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let name = |seat| seat_name(state.as_deref(), seat);
    egui::Window::new("A trade is offered")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -40.0])
        .show(ctx, |ui| {
            // Offered to a person at this table: one of the people here, if several.
            let you = if people_here > 1 {
                name(with)
            } else {
                "you".to_string()
            };
            ui.label(format!(
                "{} offers {you} their {} for your {}.",
                name(action.player),
                crate::describe::card_name(give),
                crate::describe::card_name(take),
            ));
            ui.horizontal(|ui| {
                if ui.button("Accept [Y]").clicked() || ui.input(|i| i.key_pressed(egui::Key::Y)) {
                    answers.write(AnswerOffer(true));
                }
                if ui.button("Decline [N]").clicked() || ui.input(|i| i.key_pressed(egui::Key::N)) {
                    answers.write(AnswerOffer(false));
                }
            });
        });
    Ok(())
}

//! Trades across tables: in a game across machines, a trade with a person at another table
//! is an offer that person accepts, as at a real table (rulebook p. 8, "Trading a Card": the
//! active player trades one card *with* another player). The host's rules hold such a trade
//! back (`TradeOffers` sends it out as `TradeOffered`); the host asks the other player
//! (`ToClient::Offer`, or the offer window here) and carries the trade out only when they
//! accept. A bot takes any trade at once. At a table without a network, a bot's trade with a
//! person here is offered to them the same way (`settle_here`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use stp_rules::{Action, GameState, PlayerAction, TradeOffered, TradeOffers};

use super::host::HostShows;
use super::{Online, seat_name};
use crate::game::crew::Crew;
use crate::game::model::record::Record;
use crate::net::host_core::{Agreed, Game};
use crate::net::protocol::ToHost;

/// A trade offered to a person at this table, waiting for their answer (the offer window),
/// and the seconds the host waits for it (0: no limit).
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct OfferHere(pub Option<PlayerAction>, pub u32);

impl OfferHere {
    pub fn new(action: PlayerAction, within: u32) -> OfferHere {
        OfferHere(Some(action), within)
    }
}

/// The person here answers the trade offered to them: accept (`true`) or decline.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerOffer(pub bool);

/// A hosting table's rules know where each seat is played (`HostCore::tables`): people here
/// at table 0, each remote seat at a table of its own, bots nowhere (they take any trade).
/// Without hosting, trades are carried out at once.
pub(super) fn keep_tables(
    mut online: Option<ResMut<Online>>,
    crew: Res<Crew>,
    offers: Option<ResMut<TradeOffers>>,
    mut commands: Commands,
) {
    let tables = match online.as_deref_mut() {
        Some(Online::Host(host)) => {
            host.core.set_places(super::host::places(&crew));
            Some(host.core.tables())
        }
        Some(Online::Client(_)) => None,
        None => local_tables(&crew),
    };
    match (tables, offers) {
        (Some(tables), Some(mut offers)) if offers.tables != tables => offers.tables = tables,
        (Some(tables), None) => commands.insert_resource(TradeOffers {
            tables,
            agreed: Vec::new(),
        }),
        (None, Some(_)) => commands.remove_resource::<TradeOffers>(),
        _ => {}
    }
}

/// A game at this table alone, with bots and people: the people at table 0, each bot at one
/// of its own, so a bot's trade with a person is an offer the person answers (the offer
/// window), and a person's trade with a bot one the bot takes at once (`settle_here`). With
/// people only, or bots only, every trade is carried out at once.
fn local_tables(crew: &Crew) -> Option<Vec<Option<u32>>> {
    let seats = 0..crew.seats.len() as u8;
    let bots = seats.clone().filter(|p| crew.is_bot(*p)).count();
    if bots == 0 || bots == crew.seats.len() {
        return None;
    }
    Some(
        seats
            .map(|p| match crew.is_bot(p) {
                true => Some(1 + u32::from(p)),
                false => Some(0),
            })
            .collect(),
    )
}

/// The offers of a game at this table alone: a bot offered a trade takes it; a person here
/// offered one by a bot answers in the offer window, and the bot waits for the answer. A
/// declined trade is not offered again that turn (`BotTrades`).
pub(super) fn settle_here(
    mut offered: MessageReader<TradeOffered>,
    mut answers: MessageReader<AnswerOffer>,
    offers: Option<ResMut<TradeOffers>>,
    crew: Res<Crew>,
    mut here: ResMut<OfferHere>,
    mut bots: ResMut<crate::game::crew::BotTrades>,
    mut actions: MessageWriter<PlayerAction>,
) {
    let Some(mut offers) = offers else {
        return;
    };
    for TradeOffered(action) in offered.read() {
        let Action::Trade { with, .. } = action.action else {
            continue;
        };
        if crew.is_bot(with) {
            offers.agreed.push(*action);
            actions.write(*action);
        } else {
            *here = OfferHere::new(*action, 0);
            bots.pending = Some(*action);
        }
    }
    for AnswerOffer(accept) in answers.read() {
        let Some(action) = here.0.take() else {
            continue;
        };
        bots.pending = None;
        match accept {
            true => {
                offers.agreed.push(action);
                actions.write(action);
            }
            false => bots.declined.push(action),
        }
    }
}

/// The host offers each trade its rules held back to the seat it is offered to: a person
/// here sees the offer window; a remote seat's table is asked (`HostCore::offer`).
pub(super) fn offer(
    mut online: ResMut<Online>,
    mut offered: MessageReader<TradeOffered>,
    mut shows: HostShows,
) {
    let Online::Host(host) = &mut *online else {
        return;
    };
    for TradeOffered(action) in offered.read() {
        // A remote seat's trade is the action in flight; otherwise a person here made it.
        let proposer = host
            .in_flight
            .filter(|(_, a)| a == action)
            .map(|(client, _)| client);
        let mut link = host.link.lock();
        host.core.offer(&mut link.room, proposer, *action);
    }
    shows.show(host.core.take_shown());
}

/// The answer, from the remote seat or the person here: accepted, the trade goes to the
/// rules again as agreed, and is carried out for everyone; declined, its proposer hears so.
pub(super) fn settle(
    mut online: ResMut<Online>,
    mut answers: MessageReader<AnswerOffer>,
    offers: Option<ResMut<TradeOffers>>,
    state: Option<Res<GameState>>,
    record: Res<Record>,
    mut shows: HostShows,
    mut actions: MessageWriter<PlayerAction>,
) {
    let Online::Host(host) = &mut *online else {
        return;
    };
    for AnswerOffer(accept) in answers.read() {
        host.core.answer_here(*accept);
    }
    let (Some(state), Some(options)) = (state, record.options.as_ref()) else {
        return;
    };
    let game = Game {
        options,
        actions: &record.actions,
        state: &state,
    };
    let agreed = host.core.settle(&mut host.link.lock().room, game);
    if let Some(Agreed { proposer, action }) = agreed {
        if let Some(mut offers) = offers {
            offers.agreed.push(action);
        }
        actions.write(action);
        // A remote proposer's trade is in flight again: its acceptance goes to all.
        if let Some(client) = proposer {
            host.in_flight = Some((client, action));
        }
    }
    shows.show(host.core.take_shown());
    if !host.core.offer_pending() && shows.offer_here.0.is_some() {
        shows.offer_here.0 = None;
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
                crate::words::describe::card_name(give),
                crate::words::describe::card_name(take),
            ));
            if here.1 > 0 {
                ui.weak(format!("Unanswered for {} s, the offer is off.", here.1));
            }
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

//! Trading across tables: in a game across machines, a trade between players at different
//! tables waits for the other player's answer (`TradeOffers`), as at a real table.

use stp_rules::*;

use super::support::*;
use crate::common::*;

// Rulebook p. 8, "Trading a Card": the active player "may trade one card in his or her hand
// with another player". Across machines, the other player is at another table: the rules
// hold such a trade back as an offer (untouched state), carry it out once agreed, and carry
// out at once a trade with a player at the same table or with a bot.
#[test]
fn trading_a_card_across_tables_waits_for_the_other_player() {
    use bevy_app::App;
    use bevy_ecs::message::Messages;
    let mut state = quiet_table(3);
    let give_card = give(&mut state, 0, "phasers_forward_long");
    let take_card = give(&mut state, 1, "phasers_forward_long");
    to_phase(&mut state, Phase::Trade);
    let mut app = App::new();
    app.add_plugins(RulesPlugin).insert_resource(TradeOffers {
        tables: vec![Some(0), Some(1), None],
        agreed: Vec::new(),
    });
    app.world_mut().write_message(LoadGame(Box::new(state)));
    app.update();
    let before = app.world().resource::<GameState>().state_hash();
    let trade = PlayerAction {
        player: 0,
        action: Action::Trade {
            with: 1,
            give: give_card,
            take: take_card,
        },
    };
    app.world_mut().write_message(trade);
    app.update();
    let offered: Vec<_> = app
        .world_mut()
        .resource_mut::<Messages<TradeOffered>>()
        .drain()
        .collect();
    assert_eq!(offered, [TradeOffered(trade)]);
    assert_eq!(app.world().resource::<GameState>().state_hash(), before);
    // The other player accepts: it comes again, agreed, and is carried out once.
    app.world_mut()
        .resource_mut::<TradeOffers>()
        .agreed
        .push(trade);
    app.world_mut().write_message(trade);
    app.update();
    let table = app.world().resource::<GameState>();
    assert!(table.players()[1].hand.contains(&give_card));
    assert!(table.players()[0].hand.contains(&take_card));
    assert!(app.world().resource::<TradeOffers>().agreed.is_empty());
    // A bot's seat takes a trade at once (one trade a turn: a fresh table).
    let mut state = quiet_table(3);
    let mine = give(&mut state, 0, "phasers_forward_long");
    let theirs = give(&mut state, 2, "phasers_forward_long");
    to_phase(&mut state, Phase::Trade);
    app.world_mut().write_message(LoadGame(Box::new(state)));
    app.update();
    app.world_mut().write_message(PlayerAction {
        player: 0,
        action: Action::Trade {
            with: 2,
            give: mine,
            take: theirs,
        },
    });
    app.update();
    assert!(
        app.world().resource::<GameState>().players()[2]
            .hand
            .contains(&mine)
    );
}

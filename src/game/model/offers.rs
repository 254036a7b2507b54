//! What the table offers a player, as data: the top bar's controls, each card's menu, the
//! choices of a picked card (partner card, Chekov's shift, targets); the boarding and Spock
//! windows' are `window_offers`. All of it comes from the rules' `legal_actions` and
//! `legal_plays`; the panels only draw these lists, and a test checks that every legal action
//! has a way in (`all_offers`).

use stp_rules::content::builtin;
use stp_rules::{
    Action, CardId, GameState, ManeuverKind, PlayerAction, PlayerId, RangeShift, Refusal, Target,
};

use crate::game::model::offer::Offer;
use crate::game::model::selection::{Selection, on_token};
use crate::game::model::window_offers::window_choices;
use crate::words::describe::{card_name, card_with_credit, section_name, target_name};

/// A control that is always shown, enabled only when legal; `refusal` says why not.
#[derive(Debug, Clone, PartialEq)]
pub struct Control {
    pub offer: Offer,
    pub refusal: Option<Refusal>,
}

fn offer(player: PlayerId, action: Action, words: impl Into<String>) -> Offer {
    Offer {
        action: PlayerAction { player, action },
        words: words.into(),
    }
}

/// The top bar: end the phase and the three maneuvers (always shown), then the mission die and
/// Scotty's repairs (shown when legal).
pub fn top_bar(state: &GameState) -> Vec<Control> {
    let active = state.turn().active;
    let mut out: Vec<Control> = [
        (Action::EndPhase, "End phase [Space]"),
        (
            Action::Maneuver(ManeuverKind::CounterClockwise),
            "Turn counter-clockwise [Q]",
        ),
        (Action::Maneuver(ManeuverKind::Forward), "Forward [W]"),
        (
            Action::Maneuver(ManeuverKind::Clockwise),
            "Turn clockwise [E]",
        ),
    ]
    .into_iter()
    .map(|(action, words)| {
        let offer = offer(active, action, words);
        Control {
            refusal: state.validate(&offer.action).err(),
            offer,
        }
    })
    .collect();
    let optional = state
        .legal_actions(active)
        .into_iter()
        .filter_map(|a| match a.action {
            Action::RollForMission => Some(offer(active, a.action, "Roll for the mission")),
            Action::Repair(section) => {
                let who = character_name(state, active);
                Some(offer(
                    active,
                    a.action,
                    format!("Repair {} ({who})", section_name(section)),
                ))
            }
            _ => None,
        });
    out.extend(optional.map(|offer| Control {
        offer,
        refusal: None,
    }));
    out
}

fn character_name(state: &GameState, player: PlayerId) -> String {
    let character = state.players()[player as usize].character;
    builtin().characters[character as usize].name.clone()
}

/// The commit the rules allow for `card` in `holder`'s hand, plain or (McCoy) as a Medical
/// credit; `None` where they allow neither.
pub(crate) fn commit_of(state: &GameState, holder: PlayerId, card: CardId) -> Option<PlayerAction> {
    card_menu(state, holder, card)
        .into_iter()
        .map(|offer| offer.action)
        .find(|a| matches!(a.action, Action::Commit { card: c, .. } if c == card))
}

/// A card's menu: what its holder may do with it besides playing it (commit, McCoy's uses,
/// stand down, a Security Team), and what the active player may do to take it (Kirk, trades).
pub(crate) fn card_menu(state: &GameState, holder: PlayerId, card: CardId) -> Vec<Offer> {
    let mut out: Vec<Offer> = state
        .legal_actions(holder)
        .into_iter()
        .filter_map(|a| {
            let words = match a.action {
                Action::Commit {
                    card: c,
                    as_medical: false,
                } if c == card => "Commit to the mission".to_string(),
                Action::Commit {
                    card: c,
                    as_medical: true,
                } if c == card => "Commit as a Medical credit (McCoy)".to_string(),
                Action::Redraw { card: c } if c == card => "Discard and draw 1 (McCoy)".into(),
                Action::Discard { card: c } if c == card => {
                    "Stand down: discard (no legal play)".into()
                }
                Action::PlaySecurityTeam { card: c } if c == card => {
                    "Play Security Team against the boarders".into()
                }
                _ => return None,
            };
            Some(Offer { action: a, words })
        })
        .collect();
    let active = state.turn().active;
    if holder != active {
        out.extend(
            state
                .legal_actions(active)
                .into_iter()
                .filter_map(|a| match a.action {
                    Action::TakeCard { from, card: c } if from == holder && c == card => {
                        Some(Offer {
                            action: a,
                            words: "Take it (Kirk)".into(),
                        })
                    }
                    Action::Trade { with, give, take } if with == holder && take == card => {
                        Some(Offer {
                            action: a,
                            words: format!("Trade {} for it", card_with_credit(give)),
                        })
                    }
                    _ => None,
                }),
        );
    }
    out
}

/// The legal plays of the picked card.
pub fn plays(state: &GameState, selection: &Selection) -> Vec<PlayerAction> {
    selection
        .card
        .map(|(player, card)| state.legal_plays(player, card))
        .unwrap_or_default()
}

/// The threat tokens among plays' targets (a Chekov shift counts as its token).
pub(crate) fn target_tokens(plays: &[PlayerAction]) -> Vec<stp_rules::TokenId> {
    plays
        .iter()
        .filter_map(|p| match p.action {
            Action::PlayCard {
                target: Target::Threat(token) | Target::Shift(token, _),
                ..
            } => Some(token),
            _ => None,
        })
        .collect()
}

fn parts(play: &PlayerAction) -> Option<(Target, Option<CardId>, Option<RangeShift>)> {
    match play.action {
        Action::PlayCard {
            target,
            with,
            shift,
            ..
        } => Some((target, with, shift)),
        _ => None,
    }
}

fn distinct<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// The partner cards the picked card can be played with now (`None`: alone).
pub fn partners(plays: &[PlayerAction]) -> Vec<Option<CardId>> {
    distinct(plays.iter().filter_map(parts).map(|(_, with, _)| with))
}

/// Chekov's range shifts open to the picked card with that partner (`None`: as printed).
pub fn shifts(plays: &[PlayerAction], with: Option<CardId>) -> Vec<Option<RangeShift>> {
    distinct(
        plays
            .iter()
            .filter_map(parts)
            .filter(|(_, w, _)| *w == with)
            .map(|(_, _, shift)| shift),
    )
}

/// The picked card's targets with that partner and shift, with words for their buttons.
pub fn targets(
    state: &GameState,
    plays: &[PlayerAction],
    with: Option<CardId>,
    shift: Option<RangeShift>,
) -> Vec<Offer> {
    plays
        .iter()
        .filter(|p| parts(p).is_some_and(|(_, w, s)| w == with && s == shift))
        .map(|p| Offer {
            action: *p,
            words: parts(p).map_or_else(String::new, |(t, _, _)| target_name(state, t)),
        })
        .collect()
}

/// Keeps the partner and shift choices among those open now, so the targets shown are never
/// empty while the card has a legal play.
pub fn settle(selection: &mut Selection, plays: &[PlayerAction]) {
    let with = partners(plays);
    if !with.contains(&selection.with)
        && let Some(first) = with.first()
    {
        selection.with = *first;
    }
    let shift = shifts(plays, selection.with);
    if !shift.contains(&selection.shift)
        && let Some(first) = shift.first()
    {
        selection.shift = *first;
    }
}

/// D: the picked card's next partner (alone, then each card it can be played with), and C:
/// Chekov's next range shift, round their lists, so the keyboard reaches every play the
/// buttons do (a Hit card with Direct Hit, a shifted range: the keys had no way to them).
/// The focus goes back to the first choice, as the targets listed change. Returns whether
/// there was another to go to.
pub fn cycle_partner(state: &GameState, selection: &mut Selection) -> bool {
    let plays = plays(state, selection);
    settle(selection, &plays);
    let Some(next) = next_of(&partners(&plays), selection.with) else {
        return false;
    };
    selection.with = next;
    selection.focus = None;
    settle(selection, &plays);
    true
}

/// C: Chekov's next range shift for the picked card with its partner (see `cycle_partner`).
pub fn cycle_shift(state: &GameState, selection: &mut Selection) -> bool {
    let plays = plays(state, selection);
    settle(selection, &plays);
    let Some(next) = next_of(&shifts(&plays, selection.with), selection.shift) else {
        return false;
    };
    selection.shift = next;
    selection.focus = None;
    true
}

/// The option after `current`, round the list; none where there is no other to go to.
fn next_of<T: PartialEq + Copy>(options: &[T], current: T) -> Option<T> {
    if options.len() < 2 {
        return None;
    }
    let at = options.iter().position(|o| *o == current).unwrap_or(0);
    Some(options[(at + 1) % options.len()])
}

/// The picked card's targets as the hand lists them (partner and shift as chosen); with a
/// token clicked that the card can act on in more than one way (Tractor Beam's two
/// directions), only that token's. A play that takes no target reads `Play Yeoman Rand`.
pub fn picked_targets(state: &GameState, selection: &Selection) -> Vec<Offer> {
    let plays = plays(state, selection);
    let mut out = targets(state, &plays, selection.with, selection.shift);
    if let Some(token) = selection.token {
        out.retain(|o| on_token(&o.action, token));
    }
    for offer in &mut out {
        if let Action::PlayCard {
            card,
            target: Target::None,
            ..
        } = offer.action.action
        {
            offer.words = format!("Play {}", card_name(card));
        }
    }
    out
}

/// What else the picked card may do, beside its plays: its menu (commit to the mission,
/// McCoy's uses, stand down) and, in the Trade phase, a trade of it for each card another
/// player holds. The hand shows these beside the targets, and the keyboard reaches them as
/// it reaches the targets.
pub(crate) fn picked_uses(state: &GameState, selection: &Selection) -> Vec<Offer> {
    let Some((holder, card)) = selection.card else {
        return Vec::new();
    };
    if selection.token.is_some() {
        return Vec::new();
    }
    let mut out = card_menu(state, holder, card);
    if holder == state.turn().active {
        out.extend(
            state
                .legal_actions(holder)
                .into_iter()
                .filter_map(|a| match a.action {
                    Action::Trade { with, give, take } if give == card => Some(Offer {
                        action: a,
                        words: format!(
                            "Trade for {}'s {}",
                            state.players()[with as usize].name,
                            card_with_credit(take)
                        ),
                    }),
                    _ => None,
                }),
        );
    }
    out
}

/// What the active player may do to another player's hand with no card of their own picked:
/// Kirk's take of each card the others hold.
pub(crate) fn kirks_takes(state: &GameState) -> Vec<Offer> {
    let active = state.turn().active;
    state
        .legal_actions(active)
        .into_iter()
        .filter_map(|a| match a.action {
            Action::TakeCard { from, card } => Some(Offer {
                action: a,
                words: format!(
                    "Take {}'s {} (Kirk)",
                    state.players()[from as usize].name,
                    card_name(card)
                ),
            }),
            _ => None,
        })
        .collect()
}

/// With no card picked, the table's own choices: Kirk's takes, then the top bar's enabled
/// controls (end the phase, the maneuvers, the mission die, Scotty's repairs).
pub(crate) fn table_choices(state: &GameState) -> Vec<Offer> {
    let mut out = kirks_takes(state);
    out.extend(
        top_bar(state)
            .into_iter()
            .filter(|c| c.refusal.is_none())
            .map(|c| c.offer),
    );
    out
}

/// The picked card's choices, as its buttons show them: its targets, then its other uses.
pub(crate) fn picked_choices(state: &GameState, selection: &Selection) -> Vec<Offer> {
    let mut out = picked_targets(state, selection);
    out.extend(picked_uses(state, selection));
    out
}

/// The choices Tab cycles and Enter takes: an open rules window's (the boarders', Spock's),
/// which hold the table until answered; else the picked card's (its targets and other uses);
/// with no card picked, the table's own. Under Orca, Tab said nothing in Spock's window.
pub fn keyed_choices(state: &GameState, selection: &Selection) -> Vec<Offer> {
    let window = window_choices(state);
    if !window.is_empty() {
        return window;
    }
    match selection.card {
        Some(_) => picked_choices(state, selection),
        None => table_choices(state),
    }
}

/// The choice in Tab's focus: the one Tab or a digit put there, or, in an open rules window,
/// its first, which takes the focus as the window opens (`theme::window_choice`).
pub fn in_focus(state: &GameState, selection: &Selection) -> Option<usize> {
    selection
        .focus
        .or_else(|| (!window_choices(state).is_empty()).then_some(0))
}

/// What Enter does: the choice in focus; with a card picked and nothing in focus, its only
/// choice. Anything else is a word to the player, never an action they did not pick (Enter
/// ends the phase only with "End phase" in focus).
#[derive(Debug, Clone, PartialEq)]
pub enum Confirm {
    Act(PlayerAction),
    Say(String),
}

pub fn confirm(state: &GameState, selection: &Selection) -> Confirm {
    let choices = keyed_choices(state, selection);
    if let Some(offer) = in_focus(state, selection).and_then(|i| choices.get(i)) {
        return Confirm::Act(offer.action);
    }
    let Some((_, card)) = selection.card else {
        return Confirm::Say(
            "Enter takes the choice in focus: pick a card (1–9) or Tab to a control; \
             Space ends the phase."
                .into(),
        );
    };
    match choices.as_slice() {
        [only] => Confirm::Act(only.action),
        [] => Confirm::Say(format!(
            "{}: nothing to do with it now. Esc puts it back.",
            card_name(card)
        )),
        many => Confirm::Say(format!(
            "{}: {} choices. Tab to one and press Enter, or click it.",
            card_name(card),
            many.len()
        )),
    }
}

/// Tab: the next of the keyed choices comes into focus (round the list).
pub fn focus_next(state: &GameState, selection: &mut Selection) {
    let count = keyed_choices(state, selection).len();
    selection.focus = match (count, in_focus(state, selection)) {
        (0, _) => None,
        (_, None) => Some(0),
        (n, Some(i)) => Some((i + 1) % n),
    };
}

/// The choice in focus, if there is one.
pub fn focused_play(state: &GameState, selection: &Selection) -> Option<PlayerAction> {
    let index = in_focus(state, selection)?;
    keyed_choices(state, selection)
        .get(index)
        .map(|offer| offer.action)
}

/// Whether every play of the card takes no target: it gets one "Play" button, no list.
pub fn takes_no_target(plays: &[PlayerAction]) -> bool {
    !plays.is_empty()
        && plays
            .iter()
            .all(|p| parts(p).is_some_and(|(t, _, _)| t == Target::None))
}

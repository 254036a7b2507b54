//! With a card picked, its legal targets pulse and every other token dims under a veil, so
//! the board answers "what can this card hit?" at a glance. The targets are the rules' own
//! (`offers::plays`, from `legal_plays`).

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use stp_rules::TokenId;

use crate::game::model::offers;
use crate::game::model::selection::Selection;
use crate::game::pacing::Shown;
use crate::game::systems::GameSystems;
use crate::game::table::parts::{Pieces, ThreatPiece};
use crate::game::table::scene::pieces::Veil;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Targets>()
        .add_systems(
            Update,
            find_targets
                .run_if(resource_changed::<Selection>.or_eager(resource_changed::<Shown>))
                .in_set(GameSystems::Present),
        )
        .add_systems(Update, pulse_targets.in_set(GameSystems::Animate));
}

/// The picked card's legal targets; `None` when no card with targets is picked.
#[derive(Resource, Debug, Default, PartialEq)]
pub(crate) struct Targets(pub Option<Vec<TokenId>>);

fn find_targets(shown: Res<Shown>, selection: Res<Selection>, mut targets: ResMut<Targets>) {
    let found = shown.get().and_then(|state| {
        let tokens = offers::target_tokens(&offers::plays(state, &selection));
        (!tokens.is_empty()).then_some(tokens)
    });
    if targets.0 != found {
        targets.0 = found;
    }
}

/// Targets pulse (frames keep coming while they do); the rest wear their veil.
fn pulse_targets(
    time: Res<Time>,
    targets: Res<Targets>,
    pieces: Res<Pieces>,
    mut tokens: Query<(&ThreatPiece, &mut Transform, &Children)>,
    mut veils: Query<&mut Visibility, With<Veil>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !targets.is_changed() && targets.0.is_none() && !pieces.is_changed() {
        return;
    }
    // A small pulse: a target still lies within its ring band (docs/look.md).
    let pulse = 1.0 + 0.04 * (time.elapsed_secs() * 6.0).sin().abs();
    for (piece, mut transform, children) in &mut tokens {
        let (scale, veiled) = match &targets.0 {
            None => (1.0, false),
            Some(list) if list.contains(&piece.0) => (pulse, false),
            Some(_) => (1.0, true),
        };
        if (transform.scale.x - scale).abs() > 1e-3 {
            transform.scale = Vec3::splat(scale);
        }
        let wanted = if veiled {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        for child in children {
            if let Ok(mut visible) = veils.get_mut(*child)
                && *visible != wanted
            {
                *visible = wanted;
            }
        }
    }
    if targets.0.is_some() {
        redraw.write(RequestRedraw);
    }
}

//! The 3D table: the ring board, the Enterprise with her Shields and Hull sections, threat
//! and mission tokens, the die and the piles — all drawn from the rules state, and animated
//! by the rules events.

pub mod marks;
pub mod parts;
pub mod report;
pub mod scene;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<parts::Pieces>()
        .add_plugins((
            scene::backdrop::plugin,
            scene::board::plugin,
            scene::pieces::plugin,
            scene::effects::plugin,
            scene::motion::plugin,
            scene::camera::plugin,
            scene::die::plugin,
            marks::labels::plugin,
            report::layout::plugin,
            marks::painted_texts::plugin,
            marks::intent::plugin,
            marks::hover::plugin,
            marks::reach::plugin,
            marks::targets::plugin,
            scene::web::plugin,
        ))
        .add_plugins((
            report::occupied::plugin,
            scene::console_table::plugin,
            marks::web_tips::plugin,
            marks::intent_lines::plugin,
        ));
}

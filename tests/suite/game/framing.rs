//! The camera's framing (`table::framing`): the board fills the table's viewport, and the
//! piles' corners lie off the board.

use bevy::prelude::*;
use star_trek_panic::game::table::framing::*;
use star_trek_panic::game::table::on_board;

#[test]
fn the_board_fills_what_it_may_of_the_viewport() {
    for viewport in [Vec2::new(700.0, 600.0), Vec2::new(560.0, 480.0)] {
        let room = rim_room(rim_font(viewport.y));
        let fit = fitted(0.0, 1.2, viewport, room);
        let camera = camera_at(0.0, 1.2, fit.distance, fit.shift);
        let aspect = viewport.x / viewport.y;
        let top = to_ndc(&camera, aspect, on_board(0.0, BOARD_RADIUS, 0.0)).unwrap();
        let bottom = to_ndc(
            &camera,
            aspect,
            on_board(std::f32::consts::PI, BOARD_RADIUS, 0.0),
        )
        .unwrap();
        let limit = fill(viewport, room);
        assert!(top.y <= limit.y + 1e-3 && bottom.y >= -limit.y - 1e-3);
        // Tight on one axis: the board is as large as it may be.
        let height = top.y - bottom.y;
        let right = to_ndc(
            &camera,
            aspect,
            on_board(std::f32::consts::FRAC_PI_2, BOARD_RADIUS, 0.0),
        )
        .unwrap();
        assert!(height >= 2.0 * limit.y - 0.02 || right.x >= limit.x - 0.01);
        // Centred: as far above the middle as below it.
        assert!((top.y + bottom.y).abs() < 0.02, "{top} {bottom}");
    }
}

#[test]
fn the_piles_stand_off_the_board() {
    for corner in corners(0.0, 1.2, Vec2::new(700.0, 600.0), rim_room(15.0)) {
        assert!(corner.length() > BOARD_RADIUS, "{corner}");
    }
}

import CGtk
import PhotoPickCore

/// A container that draws its children turned by a `QuarterTurn`, laying them out the way
/// the unturned frames are: GTK 4.8 has no turned picture, but a layout may allocate a child
/// with a transform, which GTK then draws through (and routes pointer input through).
/// The turn is kept on the widget (`pp-quarter-turn`), read by the C layout callbacks.
@MainActor
enum QuarterTurnLayout {
    /// A box laying out its children turned by `turn`.
    static func box(turn: QuarterTurn) -> Gtk.Box {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        g_object_set_data(object(box), turnKey, UnsafeMutableRawPointer(bitPattern: turn.rawValue + 1))
        gtk_widget_set_layout_manager(box, gtk_custom_layout_new(nil, measureTurned, allocateTurned))
        return Gtk.Box(box)
    }
}

private let turnKey = "pp-quarter-turn"

private func object(_ w: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GObject> {
    UnsafeMutableRawPointer(w).assumingMemoryBound(to: GObject.self)
}

private func turn(of w: UnsafeMutablePointer<GtkWidget>) -> QuarterTurn {
    let stored = Int(bitPattern: g_object_get_data(object(w), turnKey))
    return QuarterTurn(rawValue: stored - 1) ?? .none
}

/// A quarter turn measures the children across: their height is the box's width.
private func measureTurned(_ w: UnsafeMutablePointer<GtkWidget>?, _ orientation: GtkOrientation, _ forSize: Int32,
                           _ minimum: UnsafeMutablePointer<Int32>?, _ natural: UnsafeMutablePointer<Int32>?,
                           _ minimumBaseline: UnsafeMutablePointer<Int32>?, _ naturalBaseline: UnsafeMutablePointer<Int32>?) {
    guard let w, let minimum, let natural else { return }
    minimum.pointee = 0
    natural.pointee = 0
    minimumBaseline?.pointee = -1
    naturalBaseline?.pointee = -1
    let across = turn(of: w).swapsSides
    let asked = across ? (orientation == GTK_ORIENTATION_HORIZONTAL ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL) : orientation
    var child = gtk_widget_get_first_child(w)
    while let c = child {
        if gtk_widget_should_layout(c) != 0 {
            var m: Int32 = 0, n: Int32 = 0
            gtk_widget_measure(c, asked, forSize, &m, &n, nil, nil)
            minimum.pointee = max(minimum.pointee, m)
            natural.pointee = max(natural.pointee, n)
        }
        child = gtk_widget_get_next_sibling(c)
    }
}

/// Each child gets the unturned frame's size, turned about its corner and moved back over the box.
private func allocateTurned(_ w: UnsafeMutablePointer<GtkWidget>?, _ width: Int32, _ height: Int32, _ baseline: Int32) {
    guard let w else { return }
    let place = turn(of: w).placement(width: Double(width), height: Double(height))
    var child = gtk_widget_get_first_child(w)
    while let c = child {
        if gtk_widget_should_layout(c) != 0 {
            var m: Int32 = 0, n: Int32 = 0
            gtk_widget_measure(c, GTK_ORIENTATION_HORIZONTAL, -1, &m, &n, nil, nil)  // GTK wants a measure first
            var corner = graphene_point_t(x: Float(place.x), y: Float(place.y))
            let transform = gsk_transform_rotate(gsk_transform_translate(nil, &corner), Float(place.degrees))
            gtk_widget_allocate(c, Int32(place.frameWidth), Int32(place.frameHeight), -1, transform)  // takes the transform
        }
        child = gtk_widget_get_next_sibling(c)
    }
}

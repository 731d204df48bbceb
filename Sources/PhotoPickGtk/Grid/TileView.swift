import CGtk
import PhotoPickCore

/// One recycled grid tile: a square, fill-cropped thumbnail with a checkmark overlay.
@MainActor
final class TileView {
    let root: Widget
    private let picture: Widget
    private let check: Widget
    private let broken: Widget
    private(set) var assetID: AssetID?

    init(size: Int) {
        root = gtk_overlay_new()
        addClass(root, "tile")
        picture = gtk_picture_new()
        gtk_picture_set_content_fit(cast(picture), GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(cast(picture), 1)
        gtk_widget_set_size_request(picture, Int32(size), Int32(size))
        addClass(picture, "thumb")
        gtk_overlay_set_child(cast(root), picture)

        broken = gtk_image_new_from_icon_name("image-missing-symbolic")
        gtk_image_set_pixel_size(cast(broken), 32)
        addClass(broken, "broken")
        gtk_widget_set_visible(broken, 0)
        gtk_overlay_add_overlay(cast(root), broken)

        check = gtk_image_new_from_icon_name("object-select-symbolic")
        addClass(check, "check")
        gtk_widget_set_halign(check, GTK_ALIGN_END)
        gtk_widget_set_valign(check, GTK_ALIGN_START)
        gtk_widget_set_visible(check, 0)
        gtk_overlay_add_overlay(cast(root), check)
    }

    func resize(_ side: Int) {
        gtk_widget_set_size_request(picture, Int32(side), Int32(side))
    }

    func bind(_ asset: Asset, selected: Bool, thumbnail: ThumbnailLoader.Result?) {
        assetID = asset.id
        gtk_widget_set_tooltip_text(root, asset.name)
        setSelected(selected)
        setThumbnail(thumbnail)
    }

    func unbind() {
        assetID = nil
        setThumbnail(nil)
    }

    func setSelected(_ selected: Bool) {
        gtk_widget_set_visible(check, selected ? 1 : 0)
        setClass(root, "selected", selected)
    }

    func setThumbnail(_ result: ThumbnailLoader.Result?) {
        switch result {
        case .texture(let texture, _):
            gtk_picture_set_paintable(cast(picture), texture)
            gtk_widget_set_visible(broken, 0)
        case .failed:
            gtk_picture_set_paintable(cast(picture), nil)
            gtk_widget_set_visible(broken, 1)
        case nil:
            gtk_picture_set_paintable(cast(picture), nil)
            gtk_widget_set_visible(broken, 0)
        }
    }
}

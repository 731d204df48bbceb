import CGtk

/// The album sidebar beside the grid on a wide window, and folded away over it on a narrow
/// one (below the sidebar's width plus the grid column's narrowest), where the header's
/// Albums button or F9 slides it out. Folding hides it; unfolding shows it again.
///
/// libadwaita 1.2 has no breakpoints: an AdwFlap, which folds by size itself. From 1.4
/// (AdwFlap deprecated) an AdwOverlaySplitView in a breakpoint bin whose one breakpoint
/// collapses it below the same width, measured again after each layout: a language, a
/// caller's filter drop-down or the export choices change the grid column's narrowest.
@MainActor
final class SidebarFold {
    /// What goes into the window.
    let root: any WidgetHandle
    static let sidebarWidth = 240

    #if ADW_1_4
    private let view: Adw.OverlaySplitView
    private let bin: Adw.CollapsingBin
    private let sidebar: Gtk.ScrolledWindow, content: Gtk.Box
    /// The widget whose `changeSignals` say that it folded or unfolded, or the sidebar came or went.
    var notifier: any WidgetHandle { view }
    static let changeSignals = ["notify::collapsed", "notify::show-sidebar"]
    var isFolded: Bool { view.isCollapsed }
    var isRevealed: Bool { view.showsSidebar }
    func setRevealed(_ on: Bool) { view.setShowsSidebar(on) }

    init(sidebar: Gtk.ScrolledWindow, content: Gtk.Box) {
        self.sidebar = sidebar
        self.content = content
        view = Adw.OverlaySplitView()
        view.setSidebar(sidebar)
        view.setContent(content)
        view.setSidebarWidth(pixels: Double(Self.sidebarWidth))
        sidebar.setSizeRequest(width: Int32(Self.sidebarWidth))
        // A box around the view reports its allocations (GTK 4 has no size-allocate signal).
        let reporter = Gtk.Box(GTK_ORIENTATION_HORIZONTAL)
        reporter.append(view)
        bin = Adw.CollapsingBin(child: reporter.widget, collapsing: view)
        root = bin
        fitBreakpoint()
        reportAllocations(of: reporter.widget) { [weak self] _, _ in
            guard let self, !self.fitPending else { return }
            self.fitPending = true
            MainQueueBridge.post { [weak self] in  // after the layout, not during it
                self?.fitPending = false
                self?.fitBreakpoint()
            }
        }
    }
    private var fitPending = false

    /// The breakpoint at the docked layout's narrowest (the sidebar beside the grid column at
    /// its narrowest); the bin as small as the collapsed layout (the column, or the sidebar over it).
    private func fitBreakpoint() {
        // The view's own holders of each, as the view measures them.
        let sidebarWidth = max(Gtk.minimumSize(of: Gtk.parent(of: sidebar.widget) ?? sidebar.widget).width, Self.sidebarWidth)
        let column = Gtk.minimumSize(of: Gtk.parent(of: content.widget) ?? content.widget)
        let docked = sidebarWidth + column.width
        if docked != collapseBelow {
            collapseBelow = docked
            bin.setCollapseBelow(docked)
        }
        let minimum = (width: max(column.width, sidebarWidth), height: Gtk.minimumSize(of: view.widget).height)
        if minimum != bin.minimumSize { bin.minimumSize = minimum }
    }
    private var collapseBelow = 0
    #else
    private let flap: Adw.Flap
    var notifier: any WidgetHandle { flap }
    static let changeSignals = ["notify::folded", "notify::reveal-flap"]
    var isFolded: Bool { flap.isFolded }
    var isRevealed: Bool { flap.isRevealed }
    func setRevealed(_ on: Bool) { flap.setRevealed(on) }

    init(sidebar: Gtk.ScrolledWindow, content: Gtk.Box) {
        flap = Adw.Flap()
        flap.setFlap(sidebar)
        flap.setSeparator(Gtk.Separator(GTK_ORIENTATION_VERTICAL).widget)
        flap.setContent(content)
        flap.setFoldPolicy(ADW_FLAP_FOLD_POLICY_AUTO)
        flap.setFoldThresholdPolicy(ADW_FOLD_THRESHOLD_POLICY_MINIMUM)
        flap.setTransitionType(ADW_FLAP_TRANSITION_TYPE_OVER)
        // Over the grid it needs a background of its own.
        addClass(sidebar, "background")
        sidebar.setSizeRequest(width: Int32(Self.sidebarWidth))
        root = flap
    }
    #endif
}

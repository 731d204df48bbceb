// The few GTK/GLib macros and private hooks Swift cannot import, as plain functions.
#ifndef PHOTOPICK_CGTK_SHIM_H
#define PHOTOPICK_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <adwaita.h>
#include <glib-unix.h>

// libdispatch's main-queue hooks, so the GLib loop can drain Swift's main queue.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static inline GType pp_type_string(void) { return G_TYPE_STRING; }
static inline GType pp_type_object(void) { return G_TYPE_OBJECT; }
static inline GType pp_type_boolean(void) { return G_TYPE_BOOLEAN; }

static inline gboolean pp_is_string_object(gpointer p) {
    return p != NULL && G_TYPE_CHECK_INSTANCE_TYPE(p, GTK_TYPE_STRING_OBJECT);
}

// Accessibility for grid tiles: the update functions are variadic, so Swift cannot call them.
static inline void pp_accessible_set_label(GtkWidget *w, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    // GTK 4.8 cannot read an accessible label back; the translation test reads this copy.
    g_object_set_data_full(G_OBJECT(w), "pp-accessible-label", g_strdup(label), g_free);
}
static inline void pp_accessible_set_checked(GtkWidget *w, gboolean checked) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_STATE_CHECKED,
                                checked ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
}
// The accessible role is a construct-only property: a widget of `type` made with `role`.
static inline GtkWidget *pp_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

// A layout that sizes its widget to exactly `pp-side` pixels square, whatever its children
// ask for, and gives each child the whole square: a thumbnail's size must not depend on the
// picture's own size (a portrait photo would make its row taller).
static inline void pp_square_measure(GtkWidget *w, GtkOrientation o, int for_size,
                                     int *min, int *nat, int *min_baseline, int *nat_baseline) {
    int side = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(w), "pp-side"));
    *min = *nat = side;
    *min_baseline = *nat_baseline = -1;
}
static inline void pp_square_allocate(GtkWidget *w, int width, int height, int baseline) {
    for (GtkWidget *c = gtk_widget_get_first_child(w); c != NULL; c = gtk_widget_get_next_sibling(c)) {
        if (!gtk_widget_should_layout(c)) continue;
        int m, n;
        gtk_widget_measure(c, GTK_ORIENTATION_HORIZONTAL, -1, &m, &n, NULL, NULL);
        gtk_widget_allocate(c, width, height, -1, NULL);
    }
}
static inline void pp_make_square(GtkWidget *w) {
    gtk_widget_set_layout_manager(w, gtk_custom_layout_new(NULL, pp_square_measure, pp_square_allocate));
}
static inline void pp_set_square_side(GtkWidget *w, int side) {
    g_object_set_data(G_OBJECT(w), "pp-side", GINT_TO_POINTER(side));
    gtk_widget_queue_resize(w);
}

// A layout that shows the first child that fits its width, as AdwSqueezer did (deprecated in
// libadwaita 1.4; a layout manager works on every version): it asks for the narrowest child's
// minimum width, the widest child's natural width and the tallest child's height; each
// allocation gives the box to the first child whose minimum width fits (else the last) and
// hides the others (child-visible, as a stack does), so a wider box brings the first back.
// `pp-first-fit-xalign` (a float in thousandths) places a child wider than the box.
static inline void pp_first_fit_measure(GtkWidget *w, GtkOrientation o, int for_size,
                                        int *min, int *nat, int *min_baseline, int *nat_baseline) {
    gboolean any = FALSE;
    *min = *nat = 0;
    *min_baseline = *nat_baseline = -1;
    for (GtkWidget *c = gtk_widget_get_first_child(w); c != NULL; c = gtk_widget_get_next_sibling(c)) {
        if (!gtk_widget_should_layout(c)) continue;
        int m = 0, n = 0;
        gtk_widget_measure(c, o, o == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size, &m, &n, NULL, NULL);
        *min = o == GTK_ORIENTATION_HORIZONTAL ? (any ? MIN(*min, m) : m) : MAX(*min, m);
        *nat = MAX(*nat, n);
        any = TRUE;
    }
    *nat = MAX(*nat, *min);
}
static inline void pp_first_fit_allocate(GtkWidget *w, int width, int height, int baseline) {
    GtkWidget *chosen = NULL;
    int chosen_min = 0;
    for (GtkWidget *c = gtk_widget_get_first_child(w); c != NULL; c = gtk_widget_get_next_sibling(c)) {
        if (!gtk_widget_should_layout(c)) continue;
        int m = 0;
        gtk_widget_measure(c, GTK_ORIENTATION_HORIZONTAL, -1, &m, NULL, NULL, NULL);
        chosen = c;
        chosen_min = m;
        if (m <= width) break;
    }
    for (GtkWidget *c = gtk_widget_get_first_child(w); c != NULL; c = gtk_widget_get_next_sibling(c)) {
        gtk_widget_set_child_visible(c, c == chosen);
    }
    if (chosen == NULL) return;
    int child_width = MAX(chosen_min, width), child_height = 0;
    gtk_widget_measure(chosen, GTK_ORIENTATION_VERTICAL, child_width, &child_height, NULL, NULL, NULL);
    child_height = MAX(child_height, height);
    float xalign = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(w), "pp-first-fit-xalign")) / 1000.0f;
    if (gtk_widget_get_direction(w) == GTK_TEXT_DIR_RTL) xalign = 1 - xalign;
    graphene_point_t corner = GRAPHENE_POINT_INIT((width - child_width) * xalign, (height - child_height) * 0.5f);
    gtk_widget_allocate(chosen, child_width, child_height, -1, gsk_transform_translate(NULL, &corner));
}
static inline void pp_make_first_fit(GtkWidget *w, float xalign) {
    g_object_set_data(G_OBJECT(w), "pp-first-fit-xalign", GINT_TO_POINTER((int)(xalign * 1000)));
    gtk_widget_set_layout_manager(w, gtk_custom_layout_new(NULL, pp_first_fit_measure, pp_first_fit_allocate));
}

// A layout that passes its first child's size through and reports every allocation to a
// callback: GTK 4 has no size-allocate signal, and the grid reflows its columns on a width change.
typedef void (*pp_size_callback)(GtkWidget *w, int width, int height);
static inline void pp_report_measure(GtkWidget *w, GtkOrientation o, int for_size,
                                     int *min, int *nat, int *min_baseline, int *nat_baseline) {
    GtkWidget *c = gtk_widget_get_first_child(w);
    *min = *nat = 0;
    *min_baseline = *nat_baseline = -1;
    if (c != NULL) gtk_widget_measure(c, o, for_size, min, nat, NULL, NULL);
}
static inline void pp_report_allocate(GtkWidget *w, int width, int height, int baseline) {
    for (GtkWidget *c = gtk_widget_get_first_child(w); c != NULL; c = gtk_widget_get_next_sibling(c)) {
        if (gtk_widget_should_layout(c)) gtk_widget_allocate(c, width, height, -1, NULL);
    }
    pp_size_callback callback = (pp_size_callback)g_object_get_data(G_OBJECT(w), "pp-size-callback");
    if (callback != NULL) callback(w, width, height);
}
static inline void pp_report_size(GtkWidget *w, pp_size_callback callback) {
    g_object_set_data(G_OBJECT(w), "pp-size-callback", (gpointer)callback);
    gtk_widget_set_layout_manager(w, gtk_custom_layout_new(NULL, pp_report_measure, pp_report_allocate));
}

// Moves the focus out of a scrolled window, past everything inside it, as its own Ctrl+Tab
// binding does (g_signal_emit_by_name is variadic).
static inline void pp_scrolled_window_move_focus_out(GtkWidget *scrolled, GtkDirectionType direction) {
    g_signal_emit_by_name(scrolled, "move-focus-out", direction);
}

#endif

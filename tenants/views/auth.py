"""Sign-in (throttled), changing one's password, the tenant switcher."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView, PasswordChangeView
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse, reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tenants.audit import audit
from tenants.forms import ThrottledLoginForm
from tenants.selectors import memberships_of
from tenants.services import membership_touch
from tenants.views.base import SESSION_TENANT, DashboardRequest, viewer_required


class DashboardLoginView(LoginView):
    form_class = ThrottledLoginForm
    template_name = "registration/login.html"
    redirect_authenticated_user = True


class DashboardPasswordChangeView(PasswordChangeView):
    """Change one's own password (the old one first); this browser stays signed in, other sessions end."""

    template_name = "registration/password_change.html"
    success_url = reverse_lazy("dashboard:password-change")

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        super().form_valid(form)
        request: DashboardRequest = self.request  # type: ignore[assignment]
        audit("account.password_changed", actor=f"user:{request.user.get_username()}", target_type="membership",
              target_id=request.membership.pk)
        messages.success(request, _("Your password was changed. Other browsers signed in as you are signed out."))
        return HttpResponseRedirect(str(self.success_url), status=303)


password_change = viewer_required(DashboardPasswordChangeView.as_view())


@require_POST
@login_required
def tenant_switch(request: HttpRequest) -> HttpResponse:
    """Make another of the user's tenants the current one (only one they are a member of)."""
    assert isinstance(request.user, User)
    wanted = request.POST.get("tenant", "")
    chosen = next((m for m in memberships_of(request.user) if str(m.tenant_id) == wanted), None)
    if chosen is not None:
        request.session[SESSION_TENANT] = wanted
        membership_touch(membership=chosen, every=timedelta(0))
    # The overview, not the page they were on: its ids belong to the previous tenant (a 404 now).
    return HttpResponseRedirect(reverse("dashboard:overview"), status=303)

"""Sign-in (throttled), the tenant switcher."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tenants.forms import ThrottledLoginForm
from tenants.selectors import memberships_of
from tenants.services import membership_touch
from tenants.views.base import SESSION_TENANT


class DashboardLoginView(LoginView):
    form_class = ThrottledLoginForm
    template_name = "registration/login.html"
    redirect_authenticated_user = True


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

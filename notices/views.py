"""The "waiting for you" list, opening or dismissing a notice, and the signed link that stops a
kind of e-mail without signing in."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from notices.kinds import Kind
from notices.mail import unsubscribe_read
from notices.models import Notice
from notices.selectors import notices_waiting
from notices.services import email_stop, notice_read, notices_dismiss_all
from notices.words import notice_path, notice_text


@login_required
def notice_list(request: HttpRequest) -> HttpResponse:
    rows = [
        {"notice": n, "text": notice_text(n), "path": notice_path(n)}
        for n in notices_waiting(user=request.user)
    ]
    return render(request, "notices/list.html", {"rows": rows})


@login_required
def notice_open(request: HttpRequest, notice_id: int) -> HttpResponse:
    """Follow a notice to its page; one that only told something is then read."""
    notice = get_object_or_404(Notice, pk=notice_id, user=request.user)
    notice_read(notice=notice)
    return redirect(notice_path(notice))


@login_required
@require_POST
def notice_dismiss(request: HttpRequest, notice_id: int) -> HttpResponse:
    notice_read(notice=get_object_or_404(Notice, pk=notice_id, user=request.user))
    return redirect("notices:list")


@login_required
@require_POST
def notices_clear(request: HttpRequest) -> HttpResponse:
    notices_dismiss_all(user=request.user)
    return redirect("notices:list")


@method_decorator(csrf_exempt, name="dispatch")  # the signed token is the proof, not a session
class UnsubscribeView(View):
    """GET shows one button (link checkers that fetch every link in a mail stop nothing); POST
    stops the e-mails, from that button or from a mail program's one-click request (RFC 8058)."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        found = unsubscribe_read(token)
        return render(
            request,
            "notices/unsubscribe.html",
            {"valid": found is not None, "kinds": _labels(found), "done": False},
            status=200 if found else 400,
        )

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        found = unsubscribe_read(token)
        if found is None:
            return render(
                request, "notices/unsubscribe.html", {"valid": False, "kinds": []}, status=400
            )
        email_stop(user_id=found[0], kinds=found[1])
        if request.user.is_authenticated and request.user.pk == found[0]:
            messages.success(request, _("You will get no more of these e-mails."))
        return render(
            request,
            "notices/unsubscribe.html",
            {"valid": True, "kinds": _labels(found), "done": True},
        )


def _labels(found: tuple[int, list[str]] | None) -> list[str]:
    return [Kind(k).label for k in found[1]] if found else []

"""Notices: the "waiting for you" list and the e-mails' unsubscribe link."""

from django.urls import path

from notices import views

app_name = "notices"

urlpatterns = [
    path("", views.notice_list, name="list"),
    path("<int:notice_id>/", views.notice_open, name="open"),
    path("<int:notice_id>/dismiss/", views.notice_dismiss, name="dismiss"),
    path("clear/", views.notices_clear, name="clear"),
    path("stop/<str:token>/", views.UnsubscribeView.as_view(), name="unsubscribe"),
]
